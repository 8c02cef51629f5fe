/** A person's own profile, avatar and account. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

/** Registers the profile routes (none yet). */
export async function profileRoutes(_app: FastifyInstance, _context: AppContext) {}
