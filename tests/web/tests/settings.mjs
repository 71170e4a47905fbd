// Settings survive a reload: the side panel's width (dragged from its edge) and the last
// sample (changed with ']'), both through the UI; the page keeps them in IndexedDB.
import assert from 'node:assert/strict';
import {dump, dumpWhen, drag, frames, press, toPage, waitReady} from '../lib/helpers.mjs';

async function settings(page) {
  const text = await page.evaluate(() => window.collisionLab.settings());
  if (!text) return {};
  try { return JSON.parse(text); } catch (e) { throw new Error(`collisionLab.settings() is not JSON: ${String(text).slice(0, 200)}`); }
}

// Waits until the saved settings satisfy `test` (the app saves at most once a second).
async function settingsWhen(page, test, what, timeout = 60_000) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    last = await settings(page);
    if (test(last)) return last;
    if (Date.now() > until) throw new Error(`timed out waiting for the saved settings to have ${what}; they are ${JSON.stringify(last)}`);
    await frames(page, 5);
  }
}

async function survivesReload(t) {
  const page = await t.open('');
  const start = await dump(page);
  const samples = t.run.samples;
  const next = samples[(samples.indexOf(start.sample) + 1) % samples.length];
  // ']' opens the next sample.
  await press(page, 'BracketRight');
  await dumpWhen(page, (d) => d.sample === next, `']' to open ${next}`, 30_000);
  // The panel's right edge is a splitter: drag it 150 px to the right.
  const [edge] = (await dump(page)).viewport;
  assert.ok(edge > 0, 'no side panel');
  const y = start.viewport[1] + start.viewport[3] / 2;
  const from = await toPage(page, [edge - 2, y]);
  await drag(page, from, {x: from.x + 150, y: from.y});
  const widened = await dumpWhen(page, (d) => d.viewport[0] > edge + 100, 'dragging the panel edge to widen the panel', 30_000)
    .catch(async (e) => { throw new Error(`${e.message}: viewport ${JSON.stringify((await dump(page)).viewport)}`); });
  const width = widened.viewport[0];
  const saved = await settingsWhen(page, (s) => s.last_sample === next && Math.abs(s.panel_width - width) <= 2,
                                   `last_sample ${next} and panel_width ${width}`);
  // The page writes the file to IndexedDB shortly after; a reload right away would read
  // the settings before. whenPersisted() resolves once IndexedDB has them.
  await page.evaluate(() => window.collisionLab.whenPersisted());
  // Reload: the same page, IndexedDB kept.
  await page.reload({waitUntil: 'load', timeout: 180_000});
  await waitReady(page);
  await frames(page, 3);
  const after = await dump(page);
  const address = new URL(page.url());
  if (!address.search.includes('sample=') && !address.hash.includes('scene=')) {
    assert.equal(after.sample, next, `after the reload the page shows ${after.sample}, not the last sample ${next}`);
  } else {
    t.note(`(not a failure) the page's address after ']' names what it shows (${address.search}${address.hash.slice(0, 40)}); the last sample is checked in the settings only`);
  }
  assert.ok(Math.abs(after.viewport[0] - width) <= 2, `after the reload the panel is ${after.viewport[0]} px wide, not ${width}`);
  const reloaded = await settings(page);
  assert.equal(reloaded.last_sample, next, `the settings after the reload: ${JSON.stringify(reloaded)}`);
  assert.equal(reloaded.panel_width, saved.panel_width, `the settings after the reload: ${JSON.stringify(reloaded)}`);
}

export function tests() {
  return [{name: 'settings-survive-reload', run: survivesReload}];
}
