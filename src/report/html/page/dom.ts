// DOM building: elements with their attributes and children. Text goes in as textContent or as a
// text node, never as HTML.

export type Attrs = Record<string, string | number | null | undefined>;
export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  children?: Child[],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (attrs) {
    for (const k in attrs) {
      const v = attrs[k];
      if (v === undefined || v === null) continue;
      if (k === "text") node.textContent = String(v);
      else if (k === "class") node.className = String(v);
      else node.setAttribute(k, String(v));
    }
  }
  (children || []).forEach((c) => {
    if (c === null || c === undefined || c === false) return;
    node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  });
  return node;
}
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  children?: Node[],
): SVGElementTagNameMap[K] {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const k in attrs) node.setAttribute(k, String(attrs[k]));
  (children || []).forEach((c) => {
    node.appendChild(c);
  });
  return node;
}
