import './app/zodJitless';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/App';

/** The page at `location` as HTML, every lazy part loaded (the build draws the first screens with it). */
export async function render(location: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App location={location} />
    </StrictMode>,
    {
      // Every part inline, in order: no part sent later through React's inline scripts (the CSP allows none).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}
