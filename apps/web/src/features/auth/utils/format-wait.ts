// The wait wording is shared by every "try again in ..." message (shared/lib/format-wait.ts).
export { formatWait } from '@/shared/lib/format-wait';
