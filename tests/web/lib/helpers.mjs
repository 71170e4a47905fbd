// What the browser tests share: opening the page and waiting for the app, frames, keys and
// drags as a user makes them, the dump, screenshots' colours, and the native app's dumps.
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const WIDTH = 1280;
export const HEIGHT = 800;
const LOAD_TIMEOUT = 180_000;   // two busy cores, a software GPU and a 1 MB wasm
const FRAME_TIMEOUT = 60_000;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Waits for the app's first frame. window.collisionLab exists once the script has loaded.
export async function waitReady(page) {
  await page.waitForFunction(() => window.collisionLab && window.collisionLab.ready === true,
                             {timeout: LOAD_TIMEOUT, polling: 200});
}

// Opens `address` in `page` and waits for the app. The site may be rebuilt under us: a page
// that does not come up is tried once more, a minute later.
export async function load(page, address) {
  try {
    await page.goto(address, {waitUntil: 'load', timeout: LOAD_TIMEOUT});
    await waitReady(page);
  } catch (first) {
    await pause(60_000);  // not synchronisation: the other engineer's rebuild
    try {
      await page.goto(address, {waitUntil: 'load', timeout: LOAD_TIMEOUT});
      await waitReady(page);
    } catch (second) {
      throw new Error(`the page did not become ready (twice): ${second.message.split('\n')[0]}`);
    }
  }
  await frames(page, 3);  // the first frames frame the scene
}

export async function frame(page) { return page.evaluate(() => window.collisionLab.frame); }

// Waits until the app has drawn `count` more frames.
export async function frames(page, count = 1) {
  const start = await frame(page);
  await page.waitForFunction((until) => window.collisionLab.frame >= until,
                             {timeout: FRAME_TIMEOUT, polling: 20}, start + count);
}

export async function dump(page) {
  const text = await page.evaluate(() => window.collisionLab.dumpState());
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`dumpState() is not JSON (${e.message}): ${String(text).slice(0, 200)}`);
  }
}

// Waits until the dump satisfies `test` (checked after each frame or two), and returns it.
export async function dumpWhen(page, test, what, timeout = 60_000) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    last = await dump(page);
    if (test(last)) return last;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await frames(page, 1);
  }
}

export async function messages(page) { return page.evaluate(() => [...window.collisionLab.messages]); }

// A key held for a couple of frames (ImGui 1.86 loses a key pressed and released in one
// frame), with modifiers held around it: press(page, 'KeyZ', ['Control']).
export async function press(page, key, modifiers = []) {
  await page.bringToFront();
  for (const m of modifiers) await page.keyboard.down(m);
  await page.keyboard.down(key);
  await frames(page, 2);
  await page.keyboard.up(key);
  for (const m of [...modifiers].reverse()) await page.keyboard.up(m);
  await frames(page, 2);
}

// The dump's framebuffer pixels → the page's CSS pixels.
export async function toPage(page, [x, y]) {
  return page.evaluate((x, y) => {
    const canvas = document.getElementById('canvas');
    const r = canvas.getBoundingClientRect();
    return {x: r.left + x * r.width / canvas.width, y: r.top + y * r.height / canvas.height};
  }, x, y);
}

// A real drag, in page pixels: hover, press, move in steps (a frame each), release.
export async function drag(page, from, to, steps = 12) {
  await page.bringToFront();
  await page.mouse.move(from.x, from.y);
  await frames(page, 3);
  await page.mouse.down();
  await frames(page, 2);
  for (let i = 1; i <= steps; ++i) {
    await page.mouse.move(from.x + (to.x - from.x) * i / steps, from.y + (to.y - from.y) * i / steps);
    await frames(page, 1);
  }
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 3);
}

export function handle(d, label) {
  const found = (d.handles || []).find((h) => h.label === label);
  assert.ok(found, `no handle '${label}' in the dump (handles: ${(d.handles || []).map((h) => h.label).join(', ')})`);
  return found;
}

// Distinct colours of the page's pixels inside `clip` ({x, y, width, height}, CSS pixels),
// from a real screenshot decoded in the page by a 2D canvas.
export async function distinctColours(page, clip) {
  const png = await page.screenshot({encoding: 'base64', clip, captureBeyondViewport: false});
  return page.evaluate(async (b64) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + b64;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const g = canvas.getContext('2d');
    g.drawImage(image, 0, 0);
    const data = g.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  }, png);
}

// The scene's rectangle (the dump's viewport) in page pixels, for distinctColours.
export async function sceneClip(page, d) {
  const [x, y, w, h] = d.viewport;
  const a = await toPage(page, [x, y]), b = await toPage(page, [x + w, y + h]);
  return {x: a.x, y: a.y, width: Math.max(1, b.x - a.x), height: Math.max(1, b.y - a.y)};
}

// The first path where two parsed JSON values differ, or null: "results[0].point[1]: 2 vs 2.0000001".
export function firstDifference(a, b, where = '') {
  if (Object.is(a, b)) return null;
  const show = (v) => { const s = JSON.stringify(v); return s === undefined ? 'nothing' : s.length > 120 ? s.slice(0, 120) + '…' : s; };
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${where || '(top)'}: ${show(a)} vs ${show(b)}`;
  }
  if (Array.isArray(a)) {
    for (let i = 0; i < Math.max(a.length, b.length); ++i) {
      const d = firstDifference(a[i], b[i], `${where}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const ka = Object.keys(a).join(','), kb = Object.keys(b).join(',');
  for (const k of keys) {
    const d = firstDifference(a[k], b[k], where ? `${where}.${k}` : k);
    if (d) return d;
  }
  if (ka !== kb) return `${where || '(top)'}: keys in another order: ${ka} vs ${kb}`;
  return null;
}

// Asserts that `field` of two dumps is the same JSON text; names the first difference.
export function assertSameField(web, native, field, what = 'web vs native') {
  assert.ok(field in native, `the native dump has no "${field}"`);
  assert.ok(field in web, `the web dump has no "${field}"`);
  if (JSON.stringify(web[field]) === JSON.stringify(native[field])) return;
  const d = firstDifference(web[field], native[field], field);
  assert.fail(`${what}: "${field}" differs, first at ${d}`);
}

export const base64url = (bytes) => Buffer.from(bytes).toString('base64url');  // no padding

// ---- the native app ------------------------------------------------------------------

function exec(file, args, options) {
  return new Promise((resolve, reject) => {
    execFile(file, args, {maxBuffer: 64 << 20, timeout: 300_000, ...options}, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} ${args.join(' ')}: ${error.message.split('\n')[0]}\n${stderr}`));
      else resolve({stdout, stderr});
    });
  });
}

export async function listSamples(native) {
  const {stdout} = await exec(native, ['--list-samples']);
  return stdout.split('\n').map((s) => s.trim()).filter(Boolean);
}

// The native app's --dump-state after its screenshot frames, at the page's size. `args`
// picks what it opens (['--sample', id] or [file]); cached per run under `key`.
export async function nativeDump(run, key, args) {
  if (run.nativeCache.has(key)) return run.nativeCache.get(key);
  const promise = (async () => {
    const base = path.join(run.tmp, 'native-' + key.replace(/[^A-Za-z0-9_.-]+/g, '_'));
    const all = [...args, '--size', `${WIDTH}x${HEIGHT}`, '--screenshot', base + '.png', '--dump-state', base + '.json'];
    const env = {...process.env, XDG_CONFIG_HOME: path.join(run.tmp, 'native-config')};
    if (process.env.DISPLAY) await exec(run.native, all, {env});
    else await exec('xvfb-run', ['-a', '-s', '-screen 0 1920x1080x24 -noreset', run.native, ...all], {env});
    return JSON.parse(fs.readFileSync(base + '.json', 'utf8'));
  })();
  run.nativeCache.set(key, promise);
  promise.catch(() => run.nativeCache.delete(key));
  return promise;
}

export function sceneFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) out.push(p);
    }
  };
  if (fs.existsSync(root)) walk(root);
  return out;
}
