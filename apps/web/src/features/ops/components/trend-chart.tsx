import { TrendChart as SharedTrendChart, type TrendChartProps } from '../../../shared/ui/trend-chart';
import { useOpsT } from '../ops-i18n';

export type { Series } from '../../../shared/ui/trend-chart';

/** The shared chart of figures per day, its days labelled in the console's language. */
export function TrendChart(props: TrendChartProps) {
  const { lang } = useOpsT();
  return <SharedTrendChart {...props} lang={lang} />;
}
