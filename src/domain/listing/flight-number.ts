// A flight number as people write it ("AI 101", "ai101", "6E-2131") says its airline: the first
// two characters are the airline's IATA designator. Pure, shared by the forms and the server.
import { FLIGHT_NO_RE, normalizeFlightNo } from '../common';

/** "6E-2131" -> { flightNo: '6E2131', airline: '6E' }; null when it is not a flight number. */
export function parseFlightNo(raw: string): { flightNo: string; airline: string } | null {
  const flightNo = normalizeFlightNo(raw.trim());
  // A designator has a letter: "101" is a number, not flight 1 of airline "10".
  const airline = flightNo.slice(0, 2);
  return FLIGHT_NO_RE.test(flightNo) && /[A-Z]/.test(airline) ? { flightNo, airline } : null;
}

/** The airline a flight number names, or '' when it names none. */
export function airlineOfFlightNo(raw: string): string {
  return parseFlightNo(raw)?.airline ?? '';
}
