/** The id of the public header's mark, which the footer's reuses. */
const HEADER_MARK_ID = "logo-mark";

/**
 * The ministry's mark: a cross over an open book, in a shield. Its path data is written with commas,
 * byte for byte as in the page's icon (app/root.tsx), so the page's compression stores it once.
 * On the public pages the header draws it (`shared`: with an id) and the footer reuses that drawing
 * (`drawnAbove`: `<use>`): the footer sits too far down the page for compression to find the
 * header's copy, and the drawing would cost its bytes twice on every page.
 */
export function LogoMark({ className = "size-9", shared = false, drawnAbove = false }: { className?: string; shared?: boolean; drawnAbove?: boolean }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      {drawnAbove ? (
        <use href={`#${HEADER_MARK_ID}`} />
      ) : (
        <g id={shared ? HEADER_MARK_ID : undefined}>
          <path d="M20,2,5,7.5v11C5,28,11.5,35,20,38c8.5-3,15-10,15-19.5v-11L20,2z" fill="#1c3a7c" />
          <path d="M20,8v20M14,14h12" stroke="#f2b935" strokeWidth="3.2" strokeLinecap="round" />
          <path d="M11,27.5c3-1.6,6-1.6,9,0,3-1.6,6-1.6,9,0" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
        </g>
      )}
    </svg>
  );
}
