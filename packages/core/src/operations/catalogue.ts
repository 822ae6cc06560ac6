import { login } from '../accounts/login.js';
import { logout } from '../accounts/logout.js';
import { refreshSession } from '../accounts/refresh-session.js';
import { register } from '../accounts/register.js';
import type { AnyOperation } from './operation.js';

/** Every operation the service offers: the one table both shells are generated from. */
export const CATALOGUE: readonly AnyOperation[] = [register, login, refreshSession, logout];

const BY_NAME = new Map(CATALOGUE.map((op) => [op.name as string, op]));

export const findOperation = (name: string): AnyOperation | undefined => BY_NAME.get(name);
