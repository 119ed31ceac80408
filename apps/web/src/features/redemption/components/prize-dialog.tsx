import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { Prize } from '@taice/contract';
import { randomHex } from '../../../shared/lib/random';
import { Modal } from '../../../shared/ui/modal';
import { useExchange } from '../api/use-exchange';
import { ConfirmExchange } from './confirm-exchange';
import { ExchangeDone } from './exchange-done';
import { PrizeDetail } from './prize-detail';

type Step = 'detail' | 'confirm';

/**
 * A prize's detail, then the confirmation of its exchange (price, balance
 * after, where a physical prize ships to), then the order it made. One
 * idempotency key per confirmation: pressing Confirm again after a lost answer
 * cannot buy twice.
 */
export function PrizeDialog({ prize, loggedIn, onClose }: { prize: Prize; loggedIn: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('detail');
  const [attempt, setAttempt] = useState(() => randomHex(16));
  const exchange = useExchange();
  const order = exchange.data;
  const title = order ? t('exchange.done') : step === 'confirm' ? t('exchange.confirmTitle') : prize.name;
  const back =
    step === 'confirm' && !order ? (
      <button
        type="button"
        onClick={() => {
          exchange.reset();
          setStep('detail');
        }}
        className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
        aria-label={t('exchange.back')}
      >
        <ArrowLeft className="size-6" aria-hidden />
      </button>
    ) : undefined;
  return (
    <Modal open onClose={onClose} title={title} leading={back}>
      {order ? (
        <ExchangeDone order={order} onClose={onClose} />
      ) : step === 'detail' ? (
        <PrizeDetail
          prize={prize}
          loggedIn={loggedIn}
          onRedeem={() => {
            setAttempt(randomHex(16));
            setStep('confirm');
          }}
        />
      ) : (
        <ConfirmExchange
          prize={prize}
          pending={exchange.isPending}
          error={exchange.error}
          onConfirm={(addressId) => exchange.mutate({ prize, idempotencyKey: attempt, addressId })}
        />
      )}
    </Modal>
  );
}
