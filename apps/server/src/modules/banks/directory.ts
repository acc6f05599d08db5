import { z } from 'zod';
import { isValidIfsc, parseBic, parseIban, type Bank } from '@app/contract';
import fiFile from './directory/fi.json' with { type: 'json' };
import gbFile from './directory/gb.json' with { type: 'json' };
import inFile from './directory/in.json' with { type: 'json' };
import mxFile from './directory/mx.json' with { type: 'json' };
import ngFile from './directory/ng.json' with { type: 'json' };
import ruFile from './directory/ru.json' with { type: 'json' };
import sepaFile from './directory/sepa.json' with { type: 'json' };
import usFile from './directory/us.json' with { type: 'json' };

/**
 * The banks directory shipped with the app: one JSON file per country (plus a few major banks of other
 * SEPA countries), each naming its source. It is reference data that changes with a release, so it is
 * read and checked once at start-up and every lookup is a pure function over memory.
 */

const sortCode = z.string().regex(/^\d{2}-\d{2}-\d{2}$/, 'A sort code such as 20-00-00');

const directoryBankSchema = z
  .object({
    /** `<country>-<slug>`: what a bank account's `bank_id` holds, so it never changes once shipped. */
    id: z.string().regex(/^[a-z]{2}-[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(1),
    /** The sepa file names each bank's country; a country's own file gives it by the id's prefix. */
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    /** The head office's BIC; null where no BIC is certain. */
    swift: z
      .string()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
      .nullable(),
    /** NG: the CBN/NIBSS bank code; MX: the CLABE institution code. */
    code: z
      .string()
      .regex(/^\d{3}$/)
      .optional(),
    /** US: ABA routing numbers. */
    routingNumbers: z.array(z.string().regex(/^\d{9}$/)).optional(),
    /** GB: inclusive sort code ranges. */
    sortCodeRanges: z.array(z.tuple([sortCode, sortCode])).optional(),
    /** IN: the IFSC's first four letters. */
    ifscPrefix: z
      .string()
      .regex(/^[A-Z]{4}$/)
      .optional(),
    /** RU: the BIK and the correspondent account at the Bank of Russia. */
    bik: z
      .string()
      .regex(/^04\d{7}$/)
      .optional(),
    correspondentAccount: z
      .string()
      .regex(/^30101\d{15}$/)
      .optional(),
    /** FI: leading digits of the IBAN's national part; other SEPA countries: the IBAN's bank code. */
    bankCodes: z.array(z.string().regex(/^[A-Z0-9]{1,11}$/)).optional(),
  })
  .strict();

const directoryFileSchema = z.object({
  source: z.string().min(1),
  banks: z.array(directoryBankSchema).min(1),
});

export type DirectoryBank = z.infer<typeof directoryBankSchema> & { countryCode: string };

const sortCodeDigits = (value: string) => value.replaceAll('-', '');
const sortCodeText = (digits: string) => `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`;

function load(): DirectoryBank[] {
  const files = [ngFile, usFile, gbFile, inFile, ruFile, mxFile, fiFile, sepaFile];
  const banks = files.flatMap((file) =>
    directoryFileSchema.parse(file).banks.map((bank) => ({
      ...bank,
      countryCode: bank.countryCode ?? bank.id.slice(0, 2).toUpperCase(),
    })),
  );
  const ids = new Set<string>();
  for (const bank of banks) {
    // A duplicate id would make `bank_id` ambiguous; a foreign prefix would break its country check.
    if (ids.has(bank.id)) throw new Error(`banks directory: duplicate id ${bank.id}`);
    if (bank.id.slice(0, 2).toUpperCase() !== bank.countryCode) {
      throw new Error(`banks directory: ${bank.id} is not of ${bank.countryCode}`);
    }
    ids.add(bank.id);
  }
  return banks.sort(
    (a, b) => a.countryCode.localeCompare(b.countryCode) || a.name.localeCompare(b.name, 'en'),
  );
}

/** Every bank, by country then name. */
export const DIRECTORY: readonly DirectoryBank[] = load();
const byId = new Map(DIRECTORY.map((bank) => [bank.id, bank]));
const byCountry = new Map<string, DirectoryBank[]>();
for (const bank of DIRECTORY) {
  byCountry.set(bank.countryCode, [...(byCountry.get(bank.countryCode) ?? []), bank]);
}

/** The identifier shown with a bank when no lookup matched a particular one. */
function defaultCode(bank: DirectoryBank): string | null {
  if (bank.code) return bank.code;
  if (bank.routingNumbers) return bank.routingNumbers[0] ?? null;
  if (bank.sortCodeRanges) {
    return bank.sortCodeRanges.map(([from, to]) => (from === to ? from : `${from} – ${to}`)).join(', ');
  }
  if (bank.ifscPrefix) return bank.ifscPrefix;
  if (bank.bik) return bank.bik;
  return bank.bankCodes?.join(', ') ?? null;
}

/** A lookup's answer: the bank, and the identifier that matched (shown as the answer's `code`). */
export type DirectoryMatch = DirectoryBank & { matchedCode: string | null };
const match = (bank: DirectoryBank | undefined, code: string | null = null): DirectoryMatch | undefined =>
  bank && { ...bank, matchedCode: code };

/** A directory bank as the API answers it; `code` is the identifier a lookup matched, if any. */
export function presentBank(bank: DirectoryBank | DirectoryMatch): Bank {
  return {
    id: bank.id,
    name: bank.name,
    countryCode: bank.countryCode,
    swiftCode: bank.swift,
    code: ('matchedCode' in bank ? bank.matchedCode : null) ?? defaultCode(bank),
  };
}

/** The banks of a country by name, at most `limit`; an unknown country has none. */
export function banksOf(countryCode: string, limit: number): DirectoryBank[] {
  return (byCountry.get(countryCode.toUpperCase()) ?? []).slice(0, Math.max(0, limit));
}

export function bankById(id: string): DirectoryBank | undefined {
  return byId.get(id.trim().toLowerCase());
}

/**
 * A bank id's national 3-digit code (NG: CBN code, MX: CLABE code), null for a bank without one,
 * undefined for an unknown id: the contract's `validateBankAccount` option `bankCodeOf`.
 */
export function bankCodeOf(id: string): string | null | undefined {
  const bank = bankById(id);
  return bank ? (bank.code ?? null) : undefined;
}

/** The bank whose sort code ranges hold this sort code; the narrowest range wins (Starling in NatWest's 60). */
function bankBySortCode(digits: string): DirectoryMatch | undefined {
  let best: { bank: DirectoryBank; width: number } | undefined;
  for (const bank of byCountry.get('GB') ?? []) {
    for (const [from, to] of bank.sortCodeRanges ?? []) {
      const low = sortCodeDigits(from);
      const high = sortCodeDigits(to);
      const width = Number(high) - Number(low);
      if (digits >= low && digits <= high && (!best || width < best.width)) best = { bank, width };
    }
  }
  return match(best?.bank, sortCodeText(digits));
}

/** The bank whose code is the longest prefix of `value` (FI: 4 is savings banks, 405 is Aktia). */
function bankByLongestPrefix(country: string, value: string): DirectoryMatch | undefined {
  let best: { bank: DirectoryBank; code: string } | undefined;
  for (const bank of byCountry.get(country) ?? []) {
    for (const code of bank.bankCodes ?? []) {
      if (value.startsWith(code) && (!best || code.length > best.code.length)) best = { bank, code };
    }
  }
  return match(best?.bank, best?.code);
}

/**
 * The bank of an IBAN: the sort code in a UK IBAN, the leading digits of a Finnish one, the national
 * bank code elsewhere; failing those, a bank whose BIC starts with the IBAN's letter bank code (GB, NL,
 * IE use the BIC's first four letters). Undefined for an invalid IBAN or a bank not in the directory.
 */
export function bankByIban(value: string): DirectoryMatch | undefined {
  const iban = parseIban(value);
  if (!iban) return undefined;
  const { countryCode, bankIdentifier, branchIdentifier, bban } = iban;
  const banks = byCountry.get(countryCode) ?? [];
  let found: DirectoryMatch | undefined;
  if (countryCode === 'GB' && branchIdentifier) found = bankBySortCode(branchIdentifier);
  else if (countryCode === 'FI') found = bankByLongestPrefix('FI', bban);
  else if (bankIdentifier) {
    found = match(
      banks.find((b) => b.bankCodes?.includes(bankIdentifier)),
      bankIdentifier,
    );
  }
  if (found || !bankIdentifier || !/^[A-Z]{4}$/.test(bankIdentifier)) return found;
  return match(
    banks.find((b) => b.swift?.startsWith(bankIdentifier)),
    bankIdentifier,
  );
}

/** Lookups by national identifier, in the order tried when no country is given. */
const routingFinders: Record<string, (value: string) => DirectoryMatch | undefined> = {
  US: (value) =>
    /^\d{9}$/.test(value)
      ? match(
          byCountry.get('US')?.find((b) => b.routingNumbers?.includes(value)),
          value,
        )
      : undefined,
  RU: (value) =>
    /^\d{9}$/.test(value)
      ? match(
          byCountry.get('RU')?.find((b) => b.bik === value),
          value,
        )
      : undefined,
  GB: (value) => (/^\d{6}$/.test(value) ? bankBySortCode(value) : undefined),
  IN: (value) => {
    if (!isValidIfsc(value)) return undefined;
    const prefix = value.slice(0, 4);
    return match(
      byCountry.get('IN')?.find((b) => b.ifscPrefix === prefix),
      prefix,
    );
  },
};

/** 3-digit bank codes are only unambiguous within a country: NG's CBN codes, MX's CLABE codes. */
const codeFinder = (country: string) => (value: string) => {
  // A whole CLABE names its bank in its first three digits.
  const code = country === 'MX' && /^\d{18}$/.test(value) ? value.slice(0, 3) : value;
  return match(
    byCountry.get(country)?.find((b) => b.code === code),
    code,
  );
};

/**
 * The bank of a routing number: a US ABA number, a UK sort code (dashes allowed), a Russian BIK or an
 * Indian IFSC. With a country, only that country's kind is tried, and NG / MX bank codes (a whole
 * CLABE too) work as well.
 */
export function bankByRoutingNumber(routing: string, countryCode?: string): DirectoryMatch | undefined {
  const value = routing.replace(/[\s-]+/g, '').toUpperCase();
  if (countryCode) {
    const country = countryCode.toUpperCase();
    const finder =
      routingFinders[country] ?? (country === 'NG' || country === 'MX' ? codeFinder(country) : undefined);
    return finder?.(value);
  }
  for (const finder of Object.values(routingFinders)) {
    const found = finder(value);
    if (found) return found;
  }
  return undefined;
}

/** The bank of a BIC: the same institution (first 8 characters) in the BIC's own country. */
export function bankBySwift(value: string): DirectoryMatch | undefined {
  const bic = parseBic(value);
  if (!bic) return undefined;
  return match(byCountry.get(bic.countryCode)?.find((b) => b.swift?.slice(0, 8) === bic.bic8));
}
