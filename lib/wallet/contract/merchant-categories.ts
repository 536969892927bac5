// Merchant category codes (ISO 18245) in the groups people know: "groceries", "restaurants",
// "travel", "gambling"... (docs/card-spending.md "Merchant categories by name"). Pure data, without
// zod: the back-office names a purchase's category and offers blocking by group; a test or a
// processor integration may read the same table. A group is a set of codes; choosing a group on a
// card's controls blocks every code of it (card/controls/set's blockedMcc). A code belongs to one
// group at most; a code of no group reads as "Other (MCC 1234)".

export type MerchantCategoryGroup = {
  /** Stable key, lower-case: what a form posts. */
  key: string;
  /** The group's name as staff say it. */
  name: string;
  /** Each code of the group with what ISO 18245 calls it, in short. */
  codes: Readonly<Record<string, string>>;
};

export const MERCHANT_CATEGORY_GROUPS = [
  {
    key: 'groceries',
    name: 'Groceries',
    codes: {
      '5411': 'Grocery stores, supermarkets',
      '5422': 'Freezer and meat lockers',
      '5441': 'Candy and confectionery stores',
      '5451': 'Dairy products stores',
      '5462': 'Bakeries',
      '5499': 'Convenience and speciality food stores',
    },
  },
  {
    key: 'restaurants',
    name: 'Restaurants and bars',
    codes: {
      '5811': 'Caterers',
      '5812': 'Restaurants',
      '5813': 'Bars and nightclubs',
      '5814': 'Fast food',
    },
  },
  {
    key: 'travel',
    name: 'Travel',
    codes: {
      '3000': 'Airlines (United)',
      '3001': 'Airlines (American)',
      '3005': 'Airlines (British Airways)',
      '3007': 'Airlines (Air France)',
      '3008': 'Airlines (Lufthansa)',
      '4411': 'Cruise lines',
      '4511': 'Airlines and air carriers',
      '4582': 'Airports and terminals',
      '4722': 'Travel agencies and tour operators',
      '4112': 'Passenger railways',
      '7011': 'Hotels and lodging',
      '7012': 'Timeshares',
      '7512': 'Car rental',
    },
  },
  {
    key: 'transport',
    name: 'Local transport',
    codes: {
      '4111': 'Commuter transport',
      '4121': 'Taxis and ride sharing',
      '4131': 'Bus lines',
      '4784': 'Tolls and bridge fees',
      '7523': 'Parking',
    },
  },
  {
    key: 'fuel',
    name: 'Fuel',
    codes: {
      '5541': 'Service stations',
      '5542': 'Automated fuel dispensers',
      '5552': 'Electric vehicle charging',
      '5983': 'Fuel dealers',
    },
  },
  {
    key: 'gambling',
    name: 'Gambling',
    codes: {
      '7800': 'Government-owned lotteries',
      '7801': 'Online gambling',
      '7802': 'Horse and dog racing',
      '7995': 'Betting, casinos and lotteries',
      '9406': 'Government lotteries (outside the US)',
    },
  },
  {
    key: 'cash',
    name: 'Cash and money transfers',
    codes: {
      '4829': 'Money transfers',
      '6010': 'Cash over the counter',
      '6011': 'Cash machines (ATM)',
      '6012': 'Financial institutions',
      '6051': 'Quasi-cash and crypto-currency',
      '6540': 'Stored-value and prepaid card loads',
    },
  },
  {
    key: 'shopping',
    name: 'Shopping',
    codes: {
      '5300': 'Wholesale clubs',
      '5310': 'Discount stores',
      '5311': 'Department stores',
      '5651': 'Clothing stores',
      '5661': 'Shoe stores',
      '5732': 'Electronics stores',
      '5942': 'Book stores',
      '5944': 'Jewellery and watch stores',
      '5999': 'Other retail',
    },
  },
  {
    key: 'digital',
    name: 'Digital goods and subscriptions',
    codes: {
      '5815': 'Digital media (books, films, music)',
      '5816': 'Digital games',
      '5817': 'Apps and software',
      '5818': 'Digital goods, large merchants',
      '5968': 'Subscriptions',
    },
  },
  {
    key: 'entertainment',
    name: 'Entertainment',
    codes: {
      '7832': 'Cinemas',
      '7922': 'Theatre and concert tickets',
      '7941': 'Sports clubs and events',
      '7991': 'Tourist attractions',
      '7996': 'Amusement parks',
    },
  },
  {
    key: 'health',
    name: 'Health',
    codes: {
      '5912': 'Pharmacies',
      '8011': 'Doctors',
      '8021': 'Dentists',
      '8062': 'Hospitals',
      '8099': 'Other health services',
    },
  },
  {
    key: 'utilities',
    name: 'Utilities and telecoms',
    codes: {
      '4814': 'Telephone services',
      '4899': 'Cable and streaming television',
      '4900': 'Electricity, gas and water',
    },
  },
  {
    key: 'adult',
    name: 'Adult entertainment',
    codes: {
      '5967': 'Adult content by phone or online',
      '7273': 'Dating and escort services',
    },
  },
] as const satisfies readonly MerchantCategoryGroup[];

export type MerchantCategoryGroupKey = (typeof MERCHANT_CATEGORY_GROUPS)[number]['key'];

const GROUP_OF_CODE = new Map<string, MerchantCategoryGroup>();
for (const group of MERCHANT_CATEGORY_GROUPS as readonly MerchantCategoryGroup[]) {
  for (const code of Object.keys(group.codes)) GROUP_OF_CODE.set(code, group);
}

/** The group with this key, or undefined. */
export function merchantCategoryGroup(key: string): MerchantCategoryGroup | undefined {
  return (MERCHANT_CATEGORY_GROUPS as readonly MerchantCategoryGroup[]).find((g) => g.key === key);
}

/** The group a code belongs to, or undefined. */
export function groupOfMcc(mcc: string): MerchantCategoryGroup | undefined {
  return GROUP_OF_CODE.get(mcc);
}

/** "7995" -> "Gambling"; a code of no group -> "Other". */
export function mccGroupName(mcc: string): string {
  return GROUP_OF_CODE.get(mcc)?.name ?? 'Other';
}

/** "7995" -> "Betting, casinos and lotteries"; a code of no group -> "MCC 1234". */
export function mccDescription(mcc: string): string {
  return GROUP_OF_CODE.get(mcc)?.codes[mcc] ?? `MCC ${mcc}`;
}

/** Every code of the groups with these keys, sorted, without duplicates (unknown keys ignored). */
export function mccOfGroups(keys: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const key of keys) {
    for (const code of Object.keys(merchantCategoryGroup(key)?.codes ?? {})) codes.add(code);
  }
  return [...codes].sort();
}

/**
 * A blocked list read back as groups: the groups whose every code is in it, and the codes left
 * over (blocked one by one, e.g. through the API). So a card blocked for "gambling" reads
 * "Gambling", and one blocked for 7995 alone reads "MCC 7995".
 */
export function groupsOfMccList(blocked: readonly string[]): {
  groups: MerchantCategoryGroup[];
  otherCodes: string[];
} {
  const set = new Set(blocked);
  const groups = (MERCHANT_CATEGORY_GROUPS as readonly MerchantCategoryGroup[]).filter((g) =>
    Object.keys(g.codes).every((code) => set.has(code)),
  );
  const covered = new Set(groups.flatMap((g) => Object.keys(g.codes)));
  return { groups, otherCodes: [...set].filter((code) => !covered.has(code)).sort() };
}
