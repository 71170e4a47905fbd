// What a page meets besides the happy path: a huge paste, a file that is not a scene, a
// link pasted into an open page, closing with unsaved changes. Each gets a message or the
// question, and the page goes on drawing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {base64url, drag, dump, dumpWhen, frames, messages, toPage} from '../lib/helpers.mjs';

// Messages arrive a frame or two after what caused them.
async function messageWhen(page, test, what) {
  const until = Date.now() + 60_000;
  for (;;) {
    const all = await messages(page);
    if (all.some(test)) return all;
    if (Date.now() > until) throw new Error(`no message about ${what}; messages: ${JSON.stringify(all)}`);
    await frames(page, 2);
  }
}

async function hugePaste(t) {
  const page = await t.open('?sample=closest-point-segment');
  const before = await dump(page);
  // 3 million characters: more than the page's stack, which a plain ccall string would use.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '{"x": "' + 'a'.repeat(3_000_000) + '"}');
    document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));
  });
  await messageWhen(page, (m) => m.startsWith('collision-lab: paste: '), 'the pasted text');
  const start = await page.evaluate(() => collisionLab.frame);
  await frames(page, 5);
  assert.ok(await page.evaluate(() => collisionLab.frame) > start, 'the page stopped drawing');
  assert.deepEqual((await dump(page)).state, before.state, 'a refused paste changed the scene');
}

async function binaryUpload(t) {
  const file = path.join(t.run.tmp, 'picture.json');
  fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x00, 0x1a]));
  const page = await t.open('?sample=closest-point-segment');
  const before = await dump(page);
  await (await page.$('#open-file')).uploadFile(file);
  const all = await messageWhen(page, (m) => m.startsWith('collision-lab: ') && m.includes('picture.json'), 'picture.json');
  assert.equal(all.length, 1, `one message: ${JSON.stringify(all)}`);
  const after = await dump(page);
  assert.equal(after.sample, before.sample);
  assert.deepEqual(after.state, before.state, 'a refused file changed the scene');
}

async function linkIntoOpenPage(t) {
  const page = await t.open('?sample=closest-point-segment');
  const scene = path.join(t.run.repo, 'assets', 'scenes', 'degenerate-cases', 'sat-edge-edge.json');
  const wanted = JSON.parse(fs.readFileSync(scene, 'utf8')).sample;
  await page.evaluate((hash) => { location.hash = hash; }, `#scene=${base64url(fs.readFileSync(scene))}`);
  await dumpWhen(page, (d) => d.sample === wanted, `the new link to open ${wanted}`);
  assert.deepEqual(await messages(page), []);
}

async function closeAsksFirst(t) {
  const page = await t.open('?sample=closest-point-segment');
  const start = await dump(page);
  const p = start.handles.find((h) => h.label === 'p');
  const from = await toPage(page, p.screen);
  await drag(page, from, {x: from.x + 40, y: from.y + 30});
  await dumpWhen(page, (d) => JSON.stringify(d.state) !== JSON.stringify(start.state), 'the drag to change the scene');
  let asked = false;
  page.once('dialog', async (dialog) => {
    asked = dialog.type() === 'beforeunload';
    await dialog.dismiss();  // stay on the page
  });
  await page.reload({timeout: 5_000}).catch(() => {});  // the question holds the reload back
  await frames(page, 3);
  assert.ok(asked, 'reloading a page with unsaved changes did not ask first');
  assert.notDeepEqual((await dump(page)).state, start.state, 'the edit is gone');
}

// An idle page draws about a frame a second, not every animation frame (web.cpp skips
// them as the desktop app sleeps), and the next input wakes it at once.
async function idlePageRests(t) {
  const page = await t.open('?sample=sat-polyhedra');
  await page.bringToFront();
  await frames(page, 3);  // past the frames that settle the layout
  const idle = await page.evaluate(async () => {
    const nextTick = () => new Promise(requestAnimationFrame);
    const start = performance.now(), drawn = collisionLab.frame;
    for (let i = 0; i < 90; ++i) await nextTick();
    return {drawn: collisionLab.frame - drawn, seconds: (performance.now() - start) / 1000};
  });
  assert.ok(idle.drawn <= Math.ceil(idle.seconds) + 3,
            `an idle page drew ${idle.drawn} of 90 animation frames in ${idle.seconds.toFixed(1)} s`);
  const before = await page.evaluate(() => collisionLab.frame);
  await page.mouse.move(200, 300);
  const woke = await page.evaluate(async (before) => {
    for (let i = 0; i < 10; ++i) await new Promise(requestAnimationFrame);
    return collisionLab.frame - before;
  }, before);
  assert.ok(woke >= 1, 'a mouse move did not wake the page within 10 animation frames');
}

// Typed characters are the app's: the canvas cancels their keypress, where Firefox would
// start its quick find on '/'.
async function typedKeysStayInThePage(t) {
  const page = await t.open('?sample=closest-point-segment');
  const kept = await page.evaluate(() => ['/', "'", 'a'].map((key) => !document.getElementById('canvas').dispatchEvent(
      new KeyboardEvent('keypress', {key, charCode: key.charCodeAt(0), bubbles: true, cancelable: true}))));
  assert.deepEqual(kept, [true, true, true], 'a typed key on the canvas was left to the browser');
  const withCtrl = await page.evaluate(() => document.getElementById('canvas').dispatchEvent(
      new KeyboardEvent('keypress', {key: 'v', ctrlKey: true, bubbles: true, cancelable: true})));
  assert.ok(withCtrl, 'Ctrl+V\'s keypress was cancelled: the browser would not paste');
}

export function tests() {
  return [
    {name: 'huge-paste', run: hugePaste},
    {name: 'binary-upload', run: binaryUpload},
    {name: 'link-into-open-page', run: linkIntoOpenPage},
    {name: 'close-asks-first', run: closeAsksFirst},
    {name: 'idle-page-rests', run: idlePageRests},
    {name: 'typed-keys-stay-in-the-page', run: typedKeysStayInThePage},
  ];
}
