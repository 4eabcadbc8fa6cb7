import { type CSSProperties, type ReactNode, useId, useState } from 'react';

interface HintProps {
  /** The text shown while the pointer is over the wrapped element or focus is inside it. */
  label: ReactNode;
  children: ReactNode;
  /** Wraps long text in a 240 px box instead of one line. */
  multiline?: boolean;
}

/** Where the bubble goes: centred above the element, below it when there is no room above. */
type Place = { x: number; y: number; below: boolean };

const bubble: CSSProperties = {
  position: 'fixed',
  zIndex: 400,
  pointerEvents: 'none',
  background: 'var(--mantine-color-dark-6)',
  color: 'var(--mantine-color-white)',
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: 1.4,
  padding: '4px 8px',
  borderRadius: 'var(--mantine-radius-sm)',
};

/**
 * A small hint on hover and focus (a copy button's "Copy ...", a member's number). Mantine's Tooltip brings the
 * floating-ui positioning library (about 20 kB gzip) into the first screen of every page that shows one; this is
 * the same hint in a few lines: fixed to the viewport (so a scrolling table does not clip it) and shown only
 * while wanted, so a table of a hundred rows holds one hint at most. The element it wraps keeps its own
 * accessible name; the hint is described-by text.
 */
export function Hint({ label, children, multiline = false }: HintProps) {
  const id = useId();
  const [place, setPlace] = useState<Place | null>(null);
  const show = (el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    const below = r.top < 48;
    setPlace({ x: r.left + r.width / 2, y: below ? r.bottom + 6 : r.top - 6, below });
  };
  const hide = () => setPlace(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapped control is what is operated; its hover and focus only show the hint.
    <span
      style={{ display: 'inline-flex' }}
      aria-describedby={place === null ? undefined : id}
      onMouseEnter={(e) => show(e.currentTarget)}
      onMouseLeave={hide}
      onFocus={(e) => show(e.currentTarget)}
      onBlur={hide}
    >
      {children}
      {place !== null && (
        <span
          role="tooltip"
          id={id}
          style={{
            ...bubble,
            left: place.x,
            top: place.y,
            transform: place.below ? 'translateX(-50%)' : 'translate(-50%, -100%)',
            ...(multiline ? { width: 240, whiteSpace: 'normal' } : { whiteSpace: 'nowrap' }),
          }}
        >
          {label}
        </span>
      )}
    </span>
  );
}
