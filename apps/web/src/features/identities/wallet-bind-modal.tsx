import { useTranslation } from 'react-i18next';
import { Modal } from '../../shared/ui/modal';
import { bindWithEvmWallet } from './evm-wallet';
import { useWalletBindDialog } from './wallet-bind-store';
import { WalletChoice } from './wallet-choice';

/** The wallet choice for binding (profile entries and the wallet pages' guard). */
export function WalletBindDialog() {
  const { t } = useTranslation();
  const { open, close } = useWalletBindDialog();
  return (
    <Modal open={open} onClose={close} title={t('identities.bindWalletTitle')}>
      <p className="mb-4 text-muted">{t('identities.bindWalletText')}</p>
      <WalletChoice
        onPick={async (option) => {
          if (await bindWithEvmWallet(option)) close();
        }}
      />
    </Modal>
  );
}
