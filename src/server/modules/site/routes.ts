/** Public facts about this installation that the public pages show (the contact address). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

/** Registers the public site routes (none yet). */
export async function siteRoutes(_app: FastifyInstance, _context: AppContext) {}
