// Reference data: airports (with their IANA time zone) and airlines, by IATA code.
import * as v from 'valibot';

export const airportSchema = v.object({
  id: v.string(),
  code: v.string(),
  name: v.string(),
  city: v.optional(v.string(), ''),
  country: v.optional(v.string(), ''),
  timeZone: v.optional(v.string(), ''),
  /** ISO 3166 country code ("IN"). */
  cc: v.optional(v.string(), ''),
  /** Busier airports have a higher rank. */
  rank: v.optional(v.number(), 0),
  /** Other and former names of the airport or its city ("Bangalore", "Calcutta"). */
  alt: v.optional(v.array(v.string()), []),
  /** The city code of its metropolitan area ("NYC"). */
  metro: v.optional(v.string(), ''),
});
export type Airport = v.InferOutput<typeof airportSchema>;

export const airlineSchema = v.object({
  id: v.string(),
  code: v.string(),
  name: v.string(),
});
export type Airline = v.InferOutput<typeof airlineSchema>;

export const airportsResponseSchema = v.array(airportSchema);
export const airlinesResponseSchema = v.array(airlineSchema);

/** "Indira Gandhi International Airport (DEL)": how a select shows an airport. */
export function airportLabel(a: Pick<Airport, 'name' | 'code'>): string {
  return `${a.name} (${a.code})`;
}
