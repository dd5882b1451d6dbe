// Wiring of the listing calls: add (carrier), a carrier's own list, and search.
import { Hono } from 'hono';
import { searchRequestSchema } from '@/domain/listing/schema';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody } from '../../http/validate';
import { addListing, ownListings, search } from './listings.handlers';

export function listingRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/carrier/carrier/add-listing', (c) => addListing(c, deps))
    .get('/api/listings/:email', (c) => ownListings(c, deps))
    .post('/api/search-listings', signedIn, jsonBody(searchRequestSchema), (c) => search(c, deps));
}
