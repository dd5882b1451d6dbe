// What push and pull share: the protocol check and the shape of a stored answer.
import { speaksProtocol } from '@/domain/sync/protocol';
import { ApiError } from '../../http/errors';

/** 426 for a client protocol this server does not answer correctly: the client reloads. */
export function requireProtocol(version: number | undefined): void {
  if (!speaksProtocol(version)) throw new ApiError('sync/upgrade-required');
}

/** A stored answer read back: one mapping, beside the one that makes it (sync.push-results.ts). */
export { storedResult } from './sync.push-results';
