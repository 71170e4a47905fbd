// Files in and out of the page: an uploaded case file, a saved scene the desktop app opens,
// and share links (collisionLab.link() and File → Copy link).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {assertSameField, drag, dump, dumpWhen, firstDifference, frames, messages, nativeDump, press, toPage} from '../lib/helpers.mjs';

// Three query lines; the second expects a wrong distance (it is 2).
const CASES = [
  {id: 'vertex', op: 'closest_point', shape: {type: 'segment', a: [0, 0, 0], b: [2, 0, 0]}, point: [3, 1, 0],
   expect: {distance: 1.4142135623730951, feature: 'vertex b'}},
  {id: 'wrong', op: 'closest_point', shape: {type: 'segment', a: [0, 0, 0], b: [2, 0, 0]}, point: [1, 2, 0],
   expect: {distance: 1.5}},
  {id: 'inside', op: 'contains', shape: {type: 'sphere', center: [0, 0, 0], radius: 1}, point: [0.5, 0, 0],
   expect: {inside: true}},
];

async function caseFile(t) {
  const file = path.join(t.run.tmp, 'three-cases.jsonl');
  fs.writeFileSync(file, CASES.map((c) => JSON.stringify(c)).join('\n') + '\n');
  const page = await t.open('?sample=closest-point-segment');
  const input = await page.$('#open-file');
  assert.ok(input, 'the page has no #open-file input');
  await input.uploadFile(file);
  const d = await dumpWhen(page, (d) => Array.isArray(d.cases), 'the uploaded case file to open (a "cases" list in the dump)', 60_000)
    .catch(async (e) => { throw new Error(`${e.message}; messages: ${JSON.stringify(await messages(page))}`); });
  assert.equal(d.cases.length, 3, `the dump lists ${d.cases.length} rows: ${JSON.stringify(d.cases)}`);
  assert.deepEqual(d.cases.map((c) => c.ok), [true, false, true], `rows' ok: ${JSON.stringify(d.cases)}`);
  assert.deepEqual(d.cases.map((c) => c.line), [1, 2, 3]);
  const wrong = d.cases[1].mismatches;
  assert.equal(wrong.length, 1, `row 2's mismatches: ${JSON.stringify(wrong)}`);
  assert.equal(wrong[0].field, 'distance');
  assert.equal(wrong[0].expected, 1.5);
  assert.equal(wrong[0].actual, 2);
  assert.equal(d.case, 1, 'the first row is not the one shown');
  assert.deepEqual(await messages(page), [], 'messages after the upload');
}

// The shipped lecture, uploaded: it opens at scene 1 of 12, PageDown shows scene 2 with the
// desktop app's results for --lecture-scene 2, and nothing is said.
async function lectureFile(t) {
  const file = path.join(t.run.repo, 'assets', 'lectures', 'closest-points-and-sat.json');
  const page = await t.open('?sample=closest-point-segment');
  await (await page.$('#open-file')).uploadFile(file);
  const first = await dumpWhen(page, (d) => d.lecture !== undefined, 'the uploaded lecture to open (a "lecture" in the dump)', 60_000)
    .catch(async (e) => { throw new Error(`${e.message}; messages: ${JSON.stringify(await messages(page))}`); });
  assert.equal(first.lecture.scene, 1);
  assert.equal(first.lecture.scenes, 12);
  await press(page, 'PageDown');
  const second = await dumpWhen(page, (d) => d.lecture && d.lecture.scene === 2, 'PageDown to show scene 2');
  const desktop = await nativeDump(t.run, 'lecture-scene-2', [file, '--lecture-scene', '2']);
  assert.equal(second.sample, desktop.sample);
  assertSameField(second, desktop, 'results');
  assert.deepEqual(await messages(page), [], 'messages after the upload');
}

// Lets `context` download into `dir`; wait() resolves to the next finished download's path.
async function downloads(t, context, dir) {
  const cdp = await t.run.browser.target().createCDPSession();
  const names = new Map(), finished = [];
  let notify = null;
  cdp.on('Browser.downloadWillBegin', (e) => names.set(e.guid, e.suggestedFilename));
  cdp.on('Browser.downloadProgress', (e) => {
    if (e.state === 'completed' || e.state === 'canceled') {
      finished.push(e);
      if (notify) notify();
    }
  });
  await cdp.send('Browser.setDownloadBehavior', {behavior: 'allow', browserContextId: context.id, downloadPath: dir, eventsEnabled: true});
  return {
    async wait(timeout = 60_000) {
      const until = Date.now() + timeout;
      while (finished.length === 0) {
        if (Date.now() > until) throw new Error(`no download within ${timeout / 1000} s`);
        await new Promise((resolve) => { notify = resolve; setTimeout(resolve, 500); });
      }
      const e = finished.shift();
      assert.equal(e.state, 'completed', 'the download was cancelled');
      return path.join(dir, names.get(e.guid) || e.guid);
    },
    detach: () => cdp.detach().catch(() => {}),
  };
}

async function saveForDesktop(t) {
  const context = await t.context();
  const page = await t.open('?sample=closest-point-triangle', context);
  const start = await dump(page);
  const h = start.handles.find((h) => h.visible);
  assert.ok(h, 'no visible handle');
  const from = await toPage(page, h.screen);
  await drag(page, from, {x: from.x - 70, y: from.y + 50});
  const moved = await dumpWhen(page, (d) => JSON.stringify(d.state) !== JSON.stringify(start.state), 'the drag to change the scene');
  const dir = path.join(t.run.tmp, 'downloads-save');
  fs.mkdirSync(dir, {recursive: true});
  const got = await downloads(t, context, dir);
  try {
    await press(page, 'KeyS', ['Control']);
    const file = await got.wait();
    const text = fs.readFileSync(file, 'utf8');
    let saved;
    try { saved = JSON.parse(text); } catch (e) { assert.fail(`the download ${path.basename(file)} is not JSON: ${text.slice(0, 100)}`); }
    assert.equal(saved.sample, 'closest-point-triangle', `the saved scene's sample is ${saved.sample}`);
    const desktop = await nativeDump(t.run, 'saved-' + path.basename(file), [file]);
    const web = await dump(page);
    assert.deepEqual(web.state, moved.state, 'saving changed the scene');
    assertSameField(web, desktop, 'results', 'the web page vs the desktop app opening its download');
    assertSameField(web, desktop, 'state', 'the web page vs the desktop app opening its download');
  } finally {
    await got.detach();
  }
}

async function dragSegmentEnd(page) {
  const start = await dump(page);
  const b = start.handles.find((h) => h.label === 'segment.b');
  assert.ok(b, 'no handle segment.b');
  const from = await toPage(page, b.screen);
  await drag(page, from, {x: from.x - 120, y: from.y + 140});
  return dumpWhen(page, (d) => JSON.stringify(d.state) !== JSON.stringify(start.state), 'the drag to change the scene');
}

async function linkInNewPage(t) {
  const page = await t.open('?sample=closest-point-segment');
  const opening = await dump(page);
  const changed = await dragSegmentEnd(page);
  assert.notEqual(JSON.stringify(changed.results), JSON.stringify(opening.results), 'the drag did not change the results');
  const link = await page.evaluate(() => window.collisionLab.link());
  assert.ok(typeof link === 'string' && link.startsWith(t.run.url) && link.includes('#scene='),
            `collisionLab.link() is ${JSON.stringify(link)}`);
  const other = await t.open(link);  // a new context too: nothing shared but the link
  const d = await dump(other);
  assert.equal(d.sample, changed.sample);
  for (const field of ['state', 'results']) {
    const diff = firstDifference(d[field], changed[field], field);
    assert.equal(diff, null, `the link's page differs from the page it came from: ${diff}`);
  }
  const camera = firstDifference(d.camera, changed.camera, 'camera');
  if (camera) t.note(`(not a failure) the link's page frames the scene differently: ${camera}`);
  assert.deepEqual(await messages(other), [], 'messages on opening the link');
}

// File → Copy link, clicked. The menu has no shortcut, so the clicks go where ImGui 1.86
// lays the File menu out: rows of one font height plus 4 px (ItemSpacing.y) under 8 px of
// padding; New, New lecture from this scene, Open..., Open Recent, a separator (1 px + 4),
// Save, Save As..., Copy link.
async function copyLinkMenu(t) {
  const context = await t.context();
  await context.overridePermissions(new URL(t.run.url).origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  const page = await t.open('?sample=closest-point-segment', context);
  await dragSegmentEnd(page);
  const link = await page.evaluate(() => window.collisionLab.link());
  const d = await dump(page);
  const menuHeight = d.viewport[1];
  assert.ok(menuHeight > 0, `no menu bar: viewport ${JSON.stringify(d.viewport)}`);
  const font = menuHeight - 6;  // FramePadding.y is 3
  const file = await toPage(page, [24, menuHeight / 2]);
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet')).catch(() => {});
  await page.mouse.move(file.x, file.y);
  await frames(page, 2);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 3);
  const row = 6, y = menuHeight + 8 + row * (font + 4) + 5 + font / 2;
  const item = await toPage(page, [70, y]);
  await page.mouse.move(item.x, item.y);
  await frames(page, 3);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 3);
  const read = () => page.evaluate(() => navigator.clipboard.readText().catch((e) => 'clipboard error: ' + e.message));
  const until = Date.now() + 20_000;
  let text = await read();
  while (text !== link && Date.now() < until) {
    await frames(page, 2);
    text = await read();
  }
  assert.equal(text, link, `after File → Copy link (clicked at y=${y.toFixed(0)}) the clipboard holds something else`);
}

export function tests() {
  return [
    {name: 'case-file-upload', run: caseFile},
    {name: 'lecture-upload', run: lectureFile},
    {name: 'save-opens-on-desktop', run: saveForDesktop},
    {name: 'link-in-new-page', run: linkInNewPage},
    {name: 'copy-link-menu', run: copyLinkMenu},
  ];
}
