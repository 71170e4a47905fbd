// Every sample renders, and a broken link falls back to the default sample with one message.
import assert from 'node:assert/strict';
import {distinctColours, dump, frames, messages, sceneClip} from '../lib/helpers.mjs';

const MIN_COLOURS = 8;  // "more than a handful": a flat or blank scene has one or two

async function checkRenders(t, page, what) {
  await frames(page, 5);
  const glErrors = await page.evaluate(() => window.collisionLab.glErrors());
  assert.equal(glErrors, 0, `${what}: collisionLab.glErrors() is ${glErrors}`);
  assert.deepEqual(t.pageErrors, [], `${what}: uncaught errors in the page`);
  const d = await dump(page);
  const colours = await distinctColours(page, await sceneClip(page, d));
  assert.ok(colours > MIN_COLOURS, `${what}: the scene (viewport ${JSON.stringify(d.viewport)}) has ${colours} distinct colours`);
  return d;
}

function brokenLink(name, suffix, mentions) {
  return {
    name: `broken-link:${name}`,
    async run(t) {
      const page = await t.open(suffix);
      await frames(page, 5);
      const said = await messages(page);
      assert.equal(said.length, 1, `collisionLab.messages should hold one message, holds ${JSON.stringify(said)}`);
      assert.ok(said[0].startsWith('collision-lab: '), `the message does not start 'collision-lab: ': ${JSON.stringify(said[0])}`);
      for (const word of mentions) {
        assert.ok(said[0].includes(word), `the message does not name the problem ('${word}'): ${JSON.stringify(said[0])}`);
      }
      const d = await checkRenders(t, page, suffix);
      assert.equal(d.sample, t.run.samples[0], `shows '${d.sample}', not the default sample`);
    },
  };
}

export function tests(run) {
  const badJson = Buffer.from('{"collision_lab_scene": 1, "sample": "closest-point-segment", "state": {').toString('base64url');
  return [
    ...run.samples.map((id) => ({
      name: `render:${id}`,
      async run(t) {
        const page = await t.open(`?sample=${encodeURIComponent(id)}`);
        const d = await checkRenders(t, page, id);
        assert.equal(d.sample, id, `?sample=${id} shows '${d.sample}'`);
        const said = await messages(page);
        assert.deepEqual(said, [], `messages on opening ${id}`);
      },
    })),
    brokenLink('not-base64', '#scene=notbase64!!', ['link', 'base64']),
    brokenLink('bad-json', `#scene=${badJson}`, ['link', 'scene']),
    brokenLink('no-such-sample', '?sample=no-such-sample', ['no-such-sample']),
  ];
}
