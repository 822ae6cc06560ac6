import { err, errAsync, ok, okAsync, ResultAsync, safeTry } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { deviceName } from './device-name.js';
import { parsePushSubscription } from './push-subscription.js';

/** The most devices one person turns notifications on for; a device added again (same endpoint) does not count twice. */
export const MAX_DEVICES = 10;

/** A device as the person's settings page lists it: nothing of its endpoint or keys. */
export interface DeviceView {
  readonly id: string;
  readonly name: string;
  readonly addedAt: number;
  readonly lastPushAt: number | null;
}

export type DeviceServices = Pick<Services, 'pushDevices' | 'push' | 'clock' | 'ids' | 'config'>;

const pushOff = (): AppError =>
  appError('SERVICE_NOT_CONFIGURED', {
    message: 'Notifications on devices are not set up on this condor (it has no VAPID key).',
    suggestion: 'Ask whoever runs this condor to set CONDOR_VAPID_PRIVATE_KEY; until then condor can reach you by mail only.',
  });

const tooMany = (): AppError =>
  appError('CONFLICT', {
    message: `You have notifications on for ${String(MAX_DEVICES)} devices, the most condor keeps.`,
    suggestion: 'Remove a device you no longer use from your settings page, then turn notifications on here again.',
  });

/**
 * Adds a device for the signed-in person from the subscription their browser made (`PushSubscription.toJSON()` as
 * JSON text): checked first (see `parsePushSubscription`), named from the user agent. The same subscription sent again
 * keeps its device; a new one beyond `MAX_DEVICES` is refused. Anything refused changes nothing.
 */
export function addPersonDevice(services: DeviceServices, input: { userId: string; subscription: unknown; userAgent: string | null }): ResultAsync<DeviceView, AppError> {
  if (services.push === null) return errAsync(pushOff());
  const parsed = parsePushSubscription(input.subscription, services.config.pushLoopbackHttp === true);
  if (parsed.isErr()) return errAsync(parsed.error);
  const subscription = parsed.value;
  return safeTry(async function* () {
    const mine = yield* ResultAsync.fromSafePromise(services.pushDevices.list(input.userId));
    if (mine.length >= MAX_DEVICES && !mine.some((device) => device.endpoint === subscription.endpoint)) return err(tooMany());
    const stored = await services.pushDevices.add({
      id: services.ids.uuid(),
      ownerId: input.userId,
      ...subscription,
      name: deviceName(input.userAgent),
      addedAt: services.clock.now(),
      lastPushAt: null,
    });
    return ok(deviceView(stored));
  });
}

const deviceView = ({ id, name, addedAt, lastPushAt }: DeviceView): DeviceView => ({ id, name, addedAt, lastPushAt });

/** The person's devices with notifications on, oldest first. */
export function listPersonDevices(services: Pick<Services, 'pushDevices'>, userId: string): ResultAsync<readonly DeviceView[], never> {
  return ResultAsync.fromSafePromise(services.pushDevices.list(userId)).map((devices) => devices.map(deviceView));
}

/** Removes one of the person's own devices; another person's device or an unknown id is NOT_FOUND, and stays. */
export function removePersonDevice(services: Pick<Services, 'pushDevices'>, userId: string, deviceId: string): ResultAsync<void, AppError> {
  return ResultAsync.fromSafePromise(services.pushDevices.remove(userId, deviceId)).andThen((removed) =>
    removed ? okAsync(undefined) : errAsync(appError('NOT_FOUND', { message: 'You have no device with notifications on by that id.', suggestion: 'Reload your settings page to see your devices.' })),
  );
}
