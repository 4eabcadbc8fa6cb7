/** A YouTube or Vimeo link as an embeddable player address, or null when it is neither. */
export function embedUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^www\./, '').replace(/^m\./, '');
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = u.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (u.pathname === '/watch') youtube = u.searchParams.get('v');
    else {
      const m = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(u.pathname);
      youtube = m?.[1] ?? null;
    }
  }
  if (youtube !== null && /^[\w-]{6,20}$/.test(youtube)) {
    return `https://www.youtube-nocookie.com/embed/${youtube}?rel=0`;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const m = /(\d{4,})/.exec(u.pathname);
    if (m?.[1]) return `https://player.vimeo.com/video/${m[1]}`;
  }
  return null;
}
