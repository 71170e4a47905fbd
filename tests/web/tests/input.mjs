// The mouse and the keyboard as a user uses them: a drag and its undo, SAT steps, presenter mode.
import assert from 'node:assert/strict';
import {HEIGHT, WIDTH, drag, dump, dumpWhen, firstDifference, frames, handle, press, toPage} from '../lib/helpers.mjs';

// The point of segment a-b nearest p (2D or 3D arrays).
function nearestOnSegment(a, b, p) {
  const ab = a.map((v, i) => b[i] - v), ap = a.map((v, i) => p[i] - v);
  const dot = (u, v) => u.reduce((s, x, i) => s + x * v[i], 0);
  const t = Math.min(1, Math.max(0, dot(ap, ab) / dot(ab, ab)));
  return a.map((v, i) => v + t * ab[i]);
}

const near = (a, b, eps) => a.every((v, i) => Math.abs(v - b[i]) <= eps * (1 + Math.abs(b[i])));

async function dragAndUndo(t) {
  const page = await t.open('?sample=closest-point-segment');
  const before = await dump(page);
  const p = handle(before, 'p');
  assert.ok(p.visible, 'handle p is not visible');
  const [vx, vy, vw, vh] = before.viewport;
  // Somewhere else in the scene, well inside it, and away from where p was.
  const goal = [vx + vw * 0.3, vy + vh * 0.75];
  const from = await toPage(page, p.screen), to = await toPage(page, goal);
  await drag(page, from, to);
  const after = await dumpWhen(page, (d) => JSON.stringify(handle(d, 'p').world) !== JSON.stringify(p.world),
                               'handle p to move after the drag');
  const moved = handle(after, 'p');
  const off = Math.hypot(moved.screen[0] - goal[0], moved.screen[1] - goal[1]);
  assert.ok(off < 3, `p should be where the drag ended, ${JSON.stringify(goal)}; it is at ${JSON.stringify(moved.screen)} (${off.toFixed(1)} px away)`);
  // The answer follows: the closest point is p's projection on the segment.
  const seg = after.state.shapes.segment;
  const want = nearestOnSegment(seg.a, seg.b, after.state.points.p);
  assert.ok(near(after.results[0].point, want, 1e-9),
            `results[0].point ${JSON.stringify(after.results[0].point)} is not p's nearest point ${JSON.stringify(want)}`);
  assert.notEqual(JSON.stringify(after.results), JSON.stringify(before.results), 'the results did not change');
  // Ctrl+Z brings the state back exactly.
  await page.mouse.move(to.x + 200, to.y - 200);  // off the handle
  await press(page, 'KeyZ', ['Control']);
  const undone = await dumpWhen(page, (d) => JSON.stringify(d.state) === JSON.stringify(before.state),
                                'Ctrl+Z to restore the state', 30_000).catch(async (e) => {
    const d = await dump(page);
    throw new Error(`${e.message}: ${firstDifference(d.state, before.state, 'state')}`);
  });
  for (const field of ['state', 'results', 'handles', 'card', 'camera']) {
    const diff = firstDifference(undone[field], before[field], field);
    assert.equal(diff, null, `after Ctrl+Z: ${diff}`);
  }
}

async function satSteps(t) {
  const page = await t.open('?sample=sat-obb-obb');
  const start = await dump(page);
  const figure = start.figure || {};
  assert.ok(Number.isInteger(figure.step) && Number.isInteger(figure.steps),
            `the dump's figure has no step/steps: ${JSON.stringify(figure).slice(0, 200)}`);
  assert.ok(figure.steps >= 3, `only ${figure.steps} axes`);
  const names = (d) => d.figure.shown_axis && d.figure.shown_axis.name;
  const expectStep = async (key, want) => {
    await press(page, key);
    const d = await dumpWhen(page, (d) => d.figure.step === want, `${key} to show axis ${want}`, 30_000)
      .catch(async (e) => { throw new Error(`${e.message}; the figure shows ${(await dump(page)).figure.step}`); });
    assert.deepEqual(d.results, start.results, `${key} changed the results`);
    assert.ok(String(d.card[0]).startsWith(`axis ${want} of ${figure.steps}`), `the card says ${JSON.stringify(d.card[0])} at step ${want}`);
    return d;
  };
  // From the answer's axis: forward one (or back, at the last), then back.
  const s0 = figure.step;
  const first = s0 < figure.steps ? await expectStep('KeyN', s0 + 1) : await expectStep('KeyP', s0 - 1);
  const second = await expectStep(s0 < figure.steps ? 'KeyP' : 'KeyN', s0);
  assert.equal(names(second), names(start), 'back at the first axis, its name differs');
  assert.notEqual(names(first), names(start), 'the next axis has the same name');
  const low = Math.max(1, s0 - 1);
  if (low < s0) await expectStep('KeyP', low);
  // And P stops at the first axis.
  for (let s = low - 1; s >= 1; --s) await expectStep('KeyP', s);
  await expectStep('KeyP', 1);
}

async function presenter(t) {
  const page = await t.open('?sample=closest-point-segment');
  await page.evaluate(() => { window.__sameDocument = true; });
  const start = await dump(page);
  assert.equal(start.presenter, false, 'in presenter mode before F5');
  assert.ok(start.viewport[0] > 0 || start.viewport[1] > 0, `the scene fills the window before F5: ${JSON.stringify(start.viewport)}`);
  const tallest = (d) => Math.max(0, ...d.labels.map((l) => l.rect[3]));
  await press(page, 'F5');
  const full = [0, 0, WIDTH, HEIGHT];
  const shown = await dumpWhen(page, (d) => d.presenter && JSON.stringify(d.viewport) === JSON.stringify(full),
                               'F5 to give the scene the whole window', 30_000).catch(async (e) => {
    const reloaded = !(await page.evaluate(() => window.__sameDocument === true));
    throw new Error(`${e.message}: viewport ${JSON.stringify((await dump(page)).viewport)}${reloaded ? '; F5 reloaded the page' : ''}`);
  });
  assert.ok(await page.evaluate(() => window.__sameDocument === true), 'F5 reloaded the page');
  assert.ok(tallest(shown) > tallest(start), `presenter labels are not larger: ${tallest(shown)} px vs ${tallest(start)} px`);
  assert.deepEqual(shown.results, start.results, 'F5 changed the results');
  await press(page, 'F5');
  const back = await dumpWhen(page, (d) => !d.presenter && JSON.stringify(d.viewport) === JSON.stringify(start.viewport),
                              'a second F5 to leave presenter mode', 30_000);
  assert.equal(tallest(back), tallest(start), 'labels did not come back to their size');
  await frames(page, 2);
}

export function tests() {
  return [
    {name: 'drag-and-undo', run: dragAndUndo},
    {name: 'sat-steps', run: satSteps},
    {name: 'presenter-f5', run: presenter},
  ];
}
