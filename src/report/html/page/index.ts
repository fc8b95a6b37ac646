// report.html's script, in the browser. It reads the embedded JSON and builds the page with DOM
// calls only (text goes in as textContent, never as HTML). Rows are rendered a page at a time, an
// eval's trials when it is opened, a trial's details when that is opened.
//
// This folder is a program of its own: type-checked with the DOM's types by its tsconfig.json (and
// left out of the Node program's), bundled by esbuild into one script (scripts/report-page.mjs),
// which dist/ ships as dist/lib/report-page.js and html.ts inlines into each report. It imports
// nothing but its own modules and the types of ../types.ts (eslint.config.js).

import { app } from "./app.js";

app();
