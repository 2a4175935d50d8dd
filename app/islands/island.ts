// An island is one small behaviour of a server-rendered page that ships no React (see
// app/lib/page-scripts.ts): a function attached to the element marked `data-island="{name}"`.
// app/islands/main.ts attaches them when such a page loads; the same function runs from a React
// ref (./use-island) when the page is rendered by a client-side navigation instead, so each
// behaviour is written once. Island modules import nothing from React.
export type Island = {
  name: string;
  /** Brings the element to life; returns what undoes it (timers, listeners). */
  attach: (root: HTMLElement) => (() => void) | void;
};
