import type { MouseEvent } from 'react';
import { useT } from '../../i18n/i18n';

/** The id of every frame's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content" (WCAG 2.4.1): the first thing a keyboard reaches on every page, shown
 * only while focused; it moves focus into the page's main region (which has tabIndex -1 for that), past the
 * header and the menu, so the next Tab lands on the page's own first control. The address is left as it is
 * (no #main-content added to it for the router to act on).
 */
export function SkipLink() {
  const { t } = useT();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
    if (!(main instanceof HTMLElement)) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="sgx-skip-link" onClick={onClick}>
      {t('app.skipToContent')}
    </a>
  );
}
