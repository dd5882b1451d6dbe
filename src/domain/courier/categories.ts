// What a courier request may carry: the item categories offered, and those airlines forbid with
// the rule that forbids them (a request naming one is refused with that rule's words).

export interface ItemCategory {
  value: string;
  label: string;
  /** The rule that forbids it on a passenger flight; absent: allowed. */
  forbiddenBy?: string;
}

export const ITEM_CATEGORIES: readonly ItemCategory[] = [
  { value: 'documents', label: 'Documents and papers' },
  { value: 'clothing', label: 'Clothing and textiles' },
  { value: 'books', label: 'Books and printed matter' },
  { value: 'electronics', label: 'Electronics (batteries installed)' },
  { value: 'medicines', label: 'Medicines (with prescription)' },
  { value: 'packed-food', label: 'Packed, sealed food' },
  { value: 'gifts', label: 'Gifts and personal items' },
  {
    value: 'spare-batteries',
    label: 'Spare lithium batteries or power banks',
    forbiddenBy:
      'Spare lithium batteries and power banks may travel only in the cabin with their owner (IATA Dangerous Goods Regulations, DGCA): they cannot be sent with a carrier.',
  },
  {
    value: 'flammables',
    label: 'Flammable liquids, gases or aerosols',
    forbiddenBy:
      'Flammable liquids, gases and aerosols are dangerous goods forbidden on passenger aircraft (IATA Dangerous Goods Regulations, DGCA).',
  },
  {
    value: 'weapons',
    label: 'Weapons, ammunition or explosives',
    forbiddenBy:
      'Weapons, ammunition, explosives and fireworks are forbidden on passenger aircraft (BCAS prohibited items list).',
  },
  {
    value: 'corrosives',
    label: 'Corrosive, toxic or infectious substances',
    forbiddenBy:
      'Corrosive, toxic and infectious substances are dangerous goods forbidden on passenger aircraft (IATA Dangerous Goods Regulations).',
  },
  {
    value: 'narcotics',
    label: 'Narcotics or controlled substances',
    forbiddenBy: 'Narcotic drugs and psychotropic substances may not be carried or sent (NDPS Act, 1985).',
  },
];

const BY_VALUE = new Map(ITEM_CATEGORIES.map((c) => [c.value, c]));

export const categoryOf = (value: string): ItemCategory | undefined => BY_VALUE.get(value);

/** The label of a category value, or the value itself for one this release does not know. */
export const categoryLabel = (value: string): string => BY_VALUE.get(value)?.label ?? value;
