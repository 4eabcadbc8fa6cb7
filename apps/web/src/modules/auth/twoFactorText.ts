/** The text rules of the two-factor screens (issue 13), kept apart from the components to be tested alone. */

/** What the server's code field takes: 6 digits, or a recovery code of 8 letters and digits (xxxx-xxxx). */
export function codeProblem(code: string, recovery: boolean): string | null {
  if (code === '') return recovery ? 'Enter a recovery code.' : 'Enter the code from your authenticator app.';
  if (recovery) {
    return /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/.test(code) ? null : 'A recovery code looks like ab12-cd34.';
  }
  return /^\d{6}$/.test(code) ? null : 'The code has 6 digits.';
}

/** The server's QR code (SVG markup) as an image address: a data: URL, which the CSP's img-src allows. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The recovery codes as a text file, one a line. */
export function recoveryCodesText(codes: string[]): string {
  return [
    'SocialGenX recovery codes',
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}
