import type { z } from 'zod';
import { publicWebAddressMessage, webAddressIssue } from '../net-address';

/**
 * The check every stored web address passes (issue 27 item 4, decision 0056): a GIS service's, a link's, a local
 * health authority's, a report's. It must be a public internet address, in any spelling: never this machine, a
 * private or link-local network or the cloud metadata service. Use as `.superRefine(publicWebAddress)`.
 */
export function publicWebAddress(value: string, ctx: z.RefinementCtx<string>): void {
  const issue = webAddressIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', message: publicWebAddressMessage(issue) });
}
