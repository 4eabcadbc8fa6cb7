import { tr } from '../../i18n/i18n';
import { AUTH_NS } from './i18n';

/** The text rules of the two-factor screens (decision 0023), kept apart from the components to be tested alone. */

const say = (key: string) => tr(`${AUTH_NS}:code.${key}`);

/** What the server's code field takes: 6 digits, or a recovery code of 8 letters and digits (xxxx-xxxx). */
export function codeProblem(code: string, recovery: boolean): string | null {
  if (code === '') return recovery ? say('enterRecovery') : say('enterApp');
  if (recovery) {
    return /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/.test(code) ? null : say('recoveryShape');
  }
  return /^\d{6}$/.test(code) ? null : say('sixDigits');
}

/** The server's QR code (SVG markup) as an image address: a data: URL, which the CSP's img-src allows. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The recovery codes as a text file, one a line, under the heading lines given (in the member's language). */
export function recoveryCodesText(codes: string[], heading: readonly string[] = []): string {
  return [...heading, ...(heading.length > 0 ? [''] : []), ...codes, ''].join('\n');
}
