// Browser steps of the hand-off for end-to-end tests: the traveller reads their code off View
// Details (as a carrier would be shown it) and the carrier completes with a code.
//
//   travellerHandoffCode(page, url): Promise<string>    opens /mybookings and reads the code
//   completeWithCode(page, code): Promise<void>          Complete -> (before the flight leaves:
//                                                        "It was handed back") -> the code -> Complete
import type { Page } from 'playwright-core';

export async function travellerHandoffCode(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/mybookings`);
  const row = page.getByRole('article').filter({ hasText: 'Accepted' }).first();
  await row.getByRole('button', { name: 'View Details' }).click();
  const panel = page.getByRole('region', { name: 'Hand-off code' });
  await panel.waitFor();
  const text = (await panel.textContent()) ?? '';
  const match = text.match(/(\d{3}) (\d{3})/);
  if (!match) throw new Error(`no hand-off code in "${text}"`);
  return `${match[1]}${match[2]}`;
}

export async function completeWithCode(page: Page, code: string): Promise<void> {
  await page.getByRole('article').getByRole('button', { name: 'Complete', exact: true }).click();
  const early = page.getByRole('alertdialog', { name: 'Complete before the flight?' });
  const dialog = page.getByRole('dialog', { name: 'Complete delivery' });
  await early.or(dialog).first().waitFor();
  if (await early.isVisible()) await early.getByRole('button', { name: 'It was handed back' }).click();
  await dialog.getByLabel('Hand-off code').fill(code);
  await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
}
