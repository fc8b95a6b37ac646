// The report page's stylesheet (inlined into report.html). Light and dark, readable on a phone.

export const REPORT_CSS = String.raw`
:root{--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--soft:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--info:#0969da;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--soft:#161b22;--pass:#3fb950;--fail:#f85149;--warn:#d29922;--info:#4493f8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:1.35rem;margin:0 0 4px}
h3{font-size:.95rem;margin:14px 0 6px}
.meta,.muted{color:var(--muted);font-size:.85rem}
.chips{display:flex;flex-wrap:wrap;gap:6px;margin:12px 0}
.chip{border:1px solid var(--line);border-radius:999px;padding:2px 10px;font-size:.85rem;background:var(--soft)}
.chip b{font-variant-numeric:tabular-nums}
.chip.passed b{color:var(--pass)}.chip.failed b,.chip.error b{color:var(--fail)}.chip.incomplete b,.chip.inconclusive b,.chip.skipped b{color:var(--warn)}.chip.cached b{color:var(--info)}
.controls{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.controls input,.controls select{font:inherit;padding:6px 8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
.controls input{flex:1 1 220px}
details{border:1px solid var(--line);border-radius:8px;margin:6px 0;background:var(--bg)}
details>summary{cursor:pointer;list-style:none;padding:8px 10px}
details>summary::-webkit-details-marker{display:none}
details[open]>summary{border-bottom:1px solid var(--line);background:var(--soft);border-radius:8px 8px 0 0}
.row{display:grid;grid-template-columns:7.5em minmax(0,1fr) 9em 150px 5em 5em;gap:10px;align-items:center}
.name{overflow-wrap:anywhere}.name small{color:var(--muted)}
.num{font-variant-numeric:tabular-nums;text-align:right;white-space:nowrap}
.badge{display:inline-block;font-size:.72rem;font-weight:700;letter-spacing:.03em;padding:2px 6px;border-radius:4px;color:#fff;text-transform:uppercase;text-align:center}
.s-passed{background:var(--pass)}.s-failed,.s-error{background:var(--fail)}.s-skipped,.s-incomplete,.s-inconclusive{background:var(--warn)}.s-cached,.s-arm{background:var(--info)}
.bar{position:relative;height:10px;background:var(--soft);border:1px solid var(--line);border-radius:5px}
.bar .ci{position:absolute;top:0;bottom:0;background:color-mix(in srgb,var(--info) 35%,transparent);border-radius:4px}
.bar .rate{position:absolute;top:-3px;width:3px;height:14px;background:var(--fg);margin-left:-1px}
.bar .thr{position:absolute;top:-4px;width:0;height:16px;border-left:2px dashed var(--fail)}
.lift{margin:14px 0}
.lift h2{font-size:1.05rem;margin:0 0 6px}.lift h2 small{color:var(--muted);font-weight:400;font-size:.8rem}
.lift-row{display:grid;grid-template-columns:8.5rem minmax(0,1fr) 240px 15.5rem 4.5rem;gap:10px;align-items:center}
.lift-head{color:var(--muted);font-size:.75rem;padding:0 11px 4px 14px}
.lift .delta-text{font-size:.85rem}
.cmp{border:1px solid var(--line);border-left-width:4px;border-radius:8px;margin:6px 0;padding:8px 10px}
.cmp.v-regression{border-left-color:var(--fail)}.cmp.v-improvement{border-left-color:var(--pass)}.cmp.v-inconclusive{border-left-color:var(--warn)}.cmp.v-no-change{border-left-color:var(--muted)}
.cmp .arms{font-size:.85rem;color:var(--muted)}
.cmp .sub{margin-top:4px}.cmp .harness{color:var(--warn);font-weight:600}
.v-regression.badge{background:var(--fail)}.v-improvement.badge{background:var(--pass)}.v-no-change.badge{background:var(--muted)}.v-inconclusive.badge{background:var(--warn)}
.lift-axis{position:relative;height:1em}
.lift-axis span{position:absolute;transform:translateX(-50%);white-space:nowrap}
.lift-bar{position:relative;height:14px;background:var(--soft);border:1px solid var(--line);border-radius:3px}
.lift-bar .band{position:absolute;top:0;bottom:0;background:color-mix(in srgb,var(--muted) 22%,transparent)}
.lift-bar .zero{position:absolute;top:-4px;bottom:-4px;width:0;border-left:1px solid var(--fg);margin-left:0}
.lift-bar .ci{position:absolute;top:3px;height:6px;min-width:2px;border-radius:3px;background:var(--info)}
.v-regression .lift-bar .ci{background:var(--fail)}.v-improvement .lift-bar .ci{background:var(--pass)}.v-inconclusive .lift-bar .ci{background:var(--warn)}.v-no-change .lift-bar .ci{background:color-mix(in srgb,var(--fg) 55%,transparent)}
.lift-bar .delta{position:absolute;top:1px;width:10px;height:10px;margin-left:-5px;border-radius:50%;background:var(--fg);border:2px solid var(--bg)}
.arm{color:var(--info);font-weight:600}
.kind-scroll{overflow-x:auto;max-width:100%}
.kinds{margin:14px 0}.kinds h2{font-size:1.05rem;margin:0 0 6px}
.kind-table{width:auto;min-width:50%}.kind-table td.mark-fail{color:var(--fail);font-weight:700}.kind-table td.mark-pass{color:var(--pass)}
.kind-table td.mark-fail,.kind-table td.mark-pass{font-variant-numeric:tabular-nums;white-space:nowrap}
.body{padding:8px 12px 12px}
.trial>summary{font-size:.9rem}
.code{font-family:var(--mono);font-size:.8rem;color:var(--muted)}
pre{font-family:var(--mono);font-size:.8rem;background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:8px;margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere;max-height:480px;overflow:auto}
ul.checks{list-style:none;padding:0;margin:0}
ul.checks li{padding:6px 0;border-bottom:1px dashed var(--line)}
.ok{color:var(--pass);font-weight:700}.ko{color:var(--fail);font-weight:700}
ol.timeline{list-style:none;margin:0;padding:0 0 0 14px;border-left:2px solid var(--line)}
ol.timeline li{position:relative;margin:0 0 8px;padding-left:10px}
ol.timeline li::before{content:"";position:absolute;left:-21px;top:6px;width:10px;height:10px;border-radius:50%;background:var(--info)}
ol.timeline li.err::before{background:var(--fail)}
ol.timeline .tool{font-weight:600}
table{border-collapse:collapse;width:100%;font-size:.82rem}
td,th{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
td.cmd{font-family:var(--mono);overflow-wrap:anywhere}
.note{color:var(--warn);font-size:.85rem}
.more{display:block;margin:10px auto;font:inherit;padding:6px 14px;border:1px solid var(--line);border-radius:6px;background:var(--soft);color:var(--fg);cursor:pointer}
svg.trend{width:100%;max-width:520px;height:auto}
svg.trend text{font-size:10px;fill:var(--muted)}
a{color:var(--info)}
[hidden]{display:none !important}
@media (max-width:700px){
  main{padding:10px}
  .row{grid-template-columns:6.5em minmax(0,1fr) auto;grid-template-areas:"badge name rate" "bar bar bar" "cost cost dur"}
  .lift-row{grid-template-columns:minmax(0,1fr) auto;grid-template-areas:"badge p" "name name" "bar bar" "delta delta";gap:6px}
  .lift-row .delta-text{text-align:left}
  .lift-row .b{grid-area:badge}.lift-row .name{grid-area:name}.lift-row .barcell{grid-area:bar}.lift-row .delta-text{grid-area:delta}.lift-row .p{grid-area:p}
  .lift-head{display:none}
  .row .b{grid-area:badge}.row .name{grid-area:name}.row .rate{grid-area:rate}.row .barcell{grid-area:bar}.row .cost{grid-area:cost;text-align:left}.row .dur{grid-area:dur}
  table,tbody,tr,td{display:block}td{border:0;padding:2px 0}tr{border-bottom:1px solid var(--line);padding:4px 0}thead{display:none}
  .kind-scroll table.kind-table{display:table}.kind-scroll .kind-table thead{display:table-header-group}.kind-scroll .kind-table tbody{display:table-row-group}.kind-scroll .kind-table tr{display:table-row}.kind-scroll .kind-table td,.kind-scroll .kind-table th{display:table-cell;border-bottom:1px solid var(--line);padding:4px 6px}
}
`;
