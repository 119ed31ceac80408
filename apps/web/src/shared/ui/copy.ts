import { i18n } from '../i18n/i18n';
import { notify } from './toast';

/** Copies text and says 'copy success!' (spec section 8). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older webviews: copy through a hidden text area.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  notify.success(i18n.t('common.copySuccess'));
}
