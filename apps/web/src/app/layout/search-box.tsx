import { useSearchParams } from 'react-router';
import { KeywordSearchForm } from '../../features/search';

/** Header search: Enter goes to /Discover?keyword=… (spec section 2). */
export function SearchBox() {
  const [params] = useSearchParams();
  return (
    <KeywordSearchForm id="header-search" initial={params.get('keyword') ?? ''} className="w-full max-w-[44rem]" />
  );
}
