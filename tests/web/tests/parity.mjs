// The web page answers as the desktop app does: for every sample (?sample=ID) and every
// shipped scene (its bytes in a #scene= link), the dump's "results" are the native
// --dump-state's, byte for byte, at the same window size.
import fs from 'node:fs';
import path from 'node:path';
import {assertSameField, base64url, dump, frames, nativeDump, sceneFiles} from '../lib/helpers.mjs';

async function compare(t, suffix, key, nativeArgs) {
  const desktop = await nativeDump(t.run, key, nativeArgs);
  const page = await t.open(suffix);
  await frames(page, 5);
  const web = await dump(page);
  if (web.sample !== desktop.sample) throw new Error(`the page shows '${web.sample}', the desktop app '${desktop.sample}'`);
  assertSameField(web, desktop, 'results');
}

export function tests(run) {
  const root = path.join(run.repo, 'assets', 'scenes');
  return [
    ...run.samples.map((id) => ({
      name: `parity:sample:${id}`,
      run: (t) => compare(t, `?sample=${encodeURIComponent(id)}`, `sample-${id}`, ['--sample', id]),
    })),
    ...sceneFiles(root).map((file) => {
      const name = path.relative(root, file).replace(/\.json$/, '');
      return {
        name: `parity:scene:${name}`,
        run: (t) => compare(t, `#scene=${base64url(fs.readFileSync(file))}`, `scene-${name}`, [file]),
      };
    }),
  ];
}
