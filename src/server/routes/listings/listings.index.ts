// Wiring of the listing calls: a carrier's own list, and search (adding one is the add-listing
// kind: routes/kinds).
import { Hono } from 'hono';
import { searchRequestSchema } from '@/domain/listing/schema';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody } from '../../http/validate';
import { ownListings, search } from './listings.handlers';

export function listingRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/api/listings/:email', (c) => ownListings(c, deps))
    .post('/api/search-listings', signedIn, jsonBody(searchRequestSchema), (c) => search(c, deps));
}
