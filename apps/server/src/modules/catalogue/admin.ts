import { z } from 'zod';
import type { AdminCommand } from '../../platform/admin/index.js';
import { notFound } from '../../platform/http/errors.js';

/** Operator commands for reference data. */
export const catalogueAdminCommands: Record<string, AdminCommand> = {
  'payment-method:set-active': {
    usage: 'payment-method:set-active --slug SLUG --active true|false   (hides or shows a method everywhere)',
    options: { slug: { type: 'string' }, active: { type: 'string' } },
    async run({ db }, values) {
      const { slug, active } = z
        .object({ slug: z.string().min(1), active: z.enum(['true', 'false']) })
        .parse({ slug: values.slug, active: values.active });
      // Imported here so the command line does not load the reference data for other commands.
      const { createCatalogueService } = await import('./service.js');
      const found = await createCatalogueService(db).setPaymentMethodActive(slug, active === 'true');
      if (!found) throw notFound(`No payment method "${slug}"`);
      return `payment method ${slug} is now ${active === 'true' ? 'shown' : 'hidden'}`;
    },
  },
};
