import { DOMParser, parseHTML } from 'linkedom';

/** The little of the DOM the tests read (the packages compile without the DOM library). */
export interface Node {
  readonly tagName: string;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): Iterable<Node>;
}

/** The root `<svg>` of an SVG document; throws when the text is something else. */
export function parseSvg(svg: string): Node {
  const root = (new DOMParser().parseFromString(svg, 'image/svg+xml') as unknown as { documentElement: Node | null }).documentElement;
  if (root?.tagName !== 'svg') throw new Error('not an svg document');
  return root;
}

/** The document of an HTML page. */
export const parsePage = (page: string): Node => (parseHTML(page) as unknown as { document: Node }).document;

export const all = (root: Node, selector: string): Node[] => [...root.querySelectorAll(selector)];

/** An attribute as a number (NaN when absent). */
export const num = (el: Node | null | undefined, name: string): number => Number(el?.getAttribute(name));

/** The visible text of an element, whitespace collapsed. */
export const text = (el: Node | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
