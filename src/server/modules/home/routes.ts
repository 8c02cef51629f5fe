/** What the signed-in home page shows across my groups. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

/** Registers the home routes (none yet). */
export async function homeRoutes(_app: FastifyInstance, _context: AppContext) {}
