/** One mail the catcher kept (catcher.ts re-exports it). */
export type CaughtMail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  received_at: string;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mail catcher's inbox page: every caught e-mail, newest first, as plain text (the app sends text
 * mail). No script: it reloads itself every 5 seconds.
 */
export function inboxPage(mails: readonly CaughtMail[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · ${escapeHtml(m.received_at.replace('T', ' ').slice(0, 19))} UTC</p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Mail inbox (${mails.length}) · SocialGenX development</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1a1b1e; }
article { border: 1px solid #868e96; border-radius: 8px; padding: 0.75rem 1rem; margin: 0 0 1rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
.meta { color: #495057; font-size: 0.875rem; margin: 0 0 0.5rem; }
pre { white-space: pre-wrap; word-break: break-word; font-size: 0.95rem; margin: 0; }
</style>
</head>
<body>
<h1>Mail inbox</h1>
<p>Every e-mail this development server sent (${mails.length}), newest first. Nothing here left the machine. The page reloads every 5 seconds.</p>
${items || '<p>No e-mail yet.</p>'}
</body>
</html>
`;
}
