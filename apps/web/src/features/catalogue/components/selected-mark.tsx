import { IconCheck } from '@/shared/ui/icons';

/** The check on the selected option (our option layouts replace Mantine's own check icon). */
export function SelectedMark() {
  return <IconCheck size={16} style={{ marginLeft: 'auto', flex: '0 0 auto' }} />;
}
