// The web build's browser tests: serves the site, drives it in Debian's headless Chromium
// through puppeteer-core, and compares it with the native app.
//
//   node tests/web/run.mjs --site build-web/site --native build/collision-lab [--filter NAME]
//
// Prints "ok NAME" or "FAIL NAME: reason" per test and "N passed, N failed"; a failed
// test's page is saved as build-web/test-shots/NAME.png. Exits 1 if any test failed.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import puppeteer from 'puppeteer-core';
import {HEIGHT, WIDTH, listSamples, load} from './lib/helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM = '/usr/lib/chromium/chromium';
const TEST_TIMEOUT = 15 * 60_000;  // a whole test, however slow the machine: only a hang ends it
const FILES = ['render.mjs', 'input.mjs', 'files.mjs', 'settings.mjs', 'robust.mjs', 'parity.mjs'];

function parseArgs(argv) {
  const args = {site: null, native: null, filter: null, isolate: false};
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === '--site' || a === '--native' || a === '--filter') args[a.slice(2)] = argv[++i];
    else if (a === '--isolate') args.isolate = true;
    else throw new Error(`unknown argument '${a}' (--site DIR --native APP [--filter NAME] [--isolate])`);
  }
  if (!args.site || !args.native) throw new Error('needs --site DIR and --native APP');
  return args;
}

// Starts serve.py on a free port; resolves to [process, url] once it has printed its line.
function startServer(site, isolate) {
  const server = spawn('python3', [path.join(here, 'serve.py'), site, '--port', '0', ...(isolate ? ['--isolate'] : [])],
                       {stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve, reject) => {
    let text = '';
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`serve.py exited (${code}) before serving`)));
    server.stdout.on('data', (chunk) => {
      text += chunk;
      const line = text.split('\n')[0];
      if (!text.includes('\n')) return;
      const match = / at (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line.trim());
      if (match) resolve([server, match[1]]);
      else reject(new Error(`serve.py said '${line}'`));
    });
  });
}

// What one test sees: the run's shared facts and the pages it opened (closed after it).
class Test {
  constructor(run, name) {
    this.run = run;
    this.name = name;
    this.contexts = [];
    this.pages = [];
    this.consoleErrors = [];
    this.pageErrors = [];
    this.notes = [];
  }

  note(text) { this.notes.push(text); }

  // A fresh incognito context: its own IndexedDB (settings), clipboard permissions, downloads.
  async context() {
    const context = await this.run.browser.createBrowserContext();
    this.contexts.push(context);
    return context;
  }

  // A new page showing the app at `suffix` ("?sample=x", "#scene=...", or a whole address), ready.
  async open(suffix = '', context = null) {
    const page = await (context || await this.context()).newPage();
    await page.setViewport({width: WIDTH, height: HEIGHT, deviceScaleFactor: 1});
    page.on('console', (m) => { if (m.type() === 'error') this.consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => this.pageErrors.push(String(e && e.message || e)));
    this.pages.push(page);
    await page.bringToFront();
    await load(page, /^https?:/.test(suffix) ? suffix : this.run.url + suffix);
    return page;
  }

  async close() {
    for (const c of this.contexts) await c.close().catch(() => {});
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const site = path.resolve(args.site), native = path.resolve(args.native);
  if (!fs.existsSync(path.join(site, 'index.html'))) throw new Error(`${site}/index.html does not exist: build the site first`);
  if (!fs.existsSync(native)) throw new Error(`${native} does not exist: build the native app first`);
  const shots = path.join(path.dirname(site), 'test-shots');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'collision-lab-web-'));
  const repo = path.resolve(here, '..', '..');
  let server = null, browser = null, passed = 0, failed = 0;
  try {
    let url;
    [server, url] = await startServer(site, args.isolate);
    console.log(`# serving ${site} at ${url}`);
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      protocolTimeout: 600_000,
      defaultViewport: {width: WIDTH, height: HEIGHT, deviceScaleFactor: 1},
      args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--hide-scrollbars',
             `--window-size=${WIDTH},${HEIGHT}`, '--disable-background-timer-throttling',
             '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows'],
    });
    const run = {browser, url, site, native, tmp, repo, nativeCache: new Map(), samples: await listSamples(native)};
    const tests = [];
    for (const file of FILES) {
      const module = await import(path.join(here, 'tests', file));
      tests.push(...module.tests(run));
    }
    const chosen = tests.filter((t) => !args.filter || t.name.includes(args.filter));
    if (chosen.length === 0) throw new Error(`no test's name contains '${args.filter}'`);
    for (const spec of chosen) {
      const t = new Test(run, spec.name);
      let timer;
      try {
        await Promise.race([
          spec.run(t),
          new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('the test did not finish in 15 minutes')), spec.timeout || TEST_TIMEOUT); }),
        ]);
        ++passed;
        console.log(`ok ${spec.name}`);
        if (t.consoleErrors.length) t.note(`${t.consoleErrors.length} console error(s), the first: ${t.consoleErrors[0]}`);
      } catch (e) {
        ++failed;
        const reason = String(e && e.message || e).replace(/\s+/g, ' ').trim();
        console.log(`FAIL ${spec.name}: ${reason}`);
        const page = t.pages[t.pages.length - 1];
        if (page && !page.isClosed()) {
          fs.mkdirSync(shots, {recursive: true});
          const file = path.join(shots, spec.name.replace(/[^A-Za-z0-9_.-]+/g, '_') + '.png');
          await page.screenshot({path: file}).then(() => console.log(`  # screenshot ${path.relative(process.cwd(), file)}`),
                                                    (err) => console.log(`  # no screenshot: ${err.message}`));
        }
        for (const m of t.pageErrors) console.log(`  # page error: ${m}`);
        for (const m of t.consoleErrors.slice(0, 10)) console.log(`  # console error: ${m}`);
      } finally {
        clearTimeout(timer);
        for (const n of t.notes) console.log(`  # ${n}`);
        await t.close();
      }
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (server) server.kill('SIGTERM');
    fs.rmSync(tmp, {recursive: true, force: true});
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then((code) => { process.exitCode = code; }, (e) => {
  console.log(`FAIL run: ${e && e.message || e}`);
  process.exitCode = 1;
});
