// How `npm start` waits for its build child (tools/build-protocol.ts, docs/decisions/212): it
// goes on once the builds are written, not when the caches are stored.
import { EventEmitter } from 'node:events';
import { BUILT_MESSAGE, builtOrExited } from './build-protocol';

/** A child process as far as the parent listens to it. */
function buildChild() {
  const child = new EventEmitter();
  const log = jest.fn<void, [string]>();
  return { child, log, waiting: builtOrExited(child, log) };
}

it('goes on when the child says its builds are written, before it exits', async () => {
  const { child, waiting } = buildChild();
  child.emit('message', { something: 'else' });
  child.emit('message', BUILT_MESSAGE);
  await expect(waiting).resolves.toBeUndefined();
});

it('goes on when the child ends well without building (nothing was stale)', async () => {
  const { child, waiting } = buildChild();
  child.emit('exit', 0, null);
  await expect(waiting).resolves.toBeUndefined();
});

it('fails when the child ends badly before its builds are written', async () => {
  const { child, waiting } = buildChild();
  child.emit('message', 'portfolio:building');
  child.emit('exit', 1, null);
  await expect(waiting).rejects.toThrow('The build failed (1)');
});

it('only says so when the caches are not stored after the builds are written', async () => {
  const { child, log, waiting } = buildChild();
  child.emit('message', BUILT_MESSAGE);
  child.emit('exit', 1, null);
  await expect(waiting).resolves.toBeUndefined();
  expect(log).toHaveBeenCalledWith('The build caches were not stored (1)');
});

it('says nothing when the stack stops the child while it stores the caches', async () => {
  const { child, log, waiting } = buildChild();
  child.emit('message', BUILT_MESSAGE);
  child.emit('exit', null, 'SIGTERM');
  await expect(waiting).resolves.toBeUndefined();
  expect(log).not.toHaveBeenCalled();
});
