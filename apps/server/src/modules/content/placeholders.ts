import type { Locale } from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { WalletService } from '../wallet/index.js';

export type PlaceholderSources = {
  appName: string;
  config: Config;
  wallet: Pick<WalletService, 'feeSchedule'>;
  catalogue: Pick<CatalogueService, 'data'>;
};

const NONE: Record<Locale, string> = { en: 'none', es: 'ninguno' };

/** A whole number as is, a fraction without trailing zeros ("0.5", never "0.50"). */
const plainNumber = (value: number): string => String(Number(value.toFixed(4)));

/**
 * The values the pages' `{{placeholders}}` take, read from the running configuration so the fees page
 * tells the truth whatever the operator set (docs/decisions/0016-content-pages.md lists them).
 */
export async function placeholderValues(
  { appName, config, wallet, catalogue }: PlaceholderSources,
  locale: Locale,
): Promise<Record<string, string>> {
  const schedule = await wallet.feeSchedule();
  const data = await catalogue.data();
  const groupNames = schedule.bondPaymentGroups.map((slug) => {
    const names = data.groupBySlug.get(slug)?.names;
    return names?.[locale] ?? names?.en ?? slug;
  });
  const list = (lines: string[]) => (lines.length > 0 ? lines.join('\n') : `- ${NONE[locale]}`);
  return {
    appName,
    tradeFeePercent: plainNumber(config.trades.feePercent),
    disputeAfterPaidMinutes: String(config.trades.disputeAfterPaidMinutes),
    networkFees: list(schedule.coins.map((c) => `- ${c.name} (${c.code}): ${c.networkFee} ${c.code}`)),
    bondAmounts: list(schedule.coins.map((c) => `- ${c.name} (${c.code}): ${c.bondAmount} ${c.code}`)),
    bondPaymentGroups: groupNames.length > 0 ? groupNames.join(', ') : NONE[locale],
    bondHoldDays: String(schedule.bondHoldDays),
    sessionIdleMinutes: String(Math.round(config.session.idleMs / 60_000)),
    sessionAbsoluteHours: String(Math.round(config.session.absoluteMs / 3_600_000)),
  };
}
