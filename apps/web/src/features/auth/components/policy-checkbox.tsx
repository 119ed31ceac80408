import { Link } from 'react-router';
import { paths, servicePath } from '../../../shared/routing/paths';
import { Trans } from 'react-i18next';

export function PolicyCheckbox({
  checked,
  onChange,
  onNavigate,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onNavigate: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 text-sm text-muted">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-[var(--accent)]"
        name="policy"
      />
      <span>
        <Trans
          i18nKey="auth.policy"
          components={{
            terms: <Link to={paths.policy} onClick={onNavigate} className="text-accent-text underline" />,
            privacy: <Link to={servicePath(0)} onClick={onNavigate} className="text-accent-text underline" />,
          }}
        />
      </span>
    </label>
  );
}
