import { fillMessage, formatItalianInteger, isSearchable, appMessages, catalogueMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { TextField } from '../../components/ui/text-field';
import { categoryQueryOptions } from './catalogue-api';
import { useShopKey } from '../../lib/current-shop';
import { CategoryButtons } from './category-buttons';
import { LoadMore } from './load-more';
import { ProductList } from './product-list';
import { ScanPack } from './scan-pack';
import { useProductSearch } from './use-product-search';
import { useScreenTitle } from './use-screen-title';
import { EmptyState } from '../../components/ui/empty-state';
import './catalogue.css';

const routeApi = getRouteApi('/_app/app/search');

/** '7 risultati per «tachipirina»', with the count in it-IT digits ('10.000'). */
export function resultsText(total: number, q: string, lowerBound = false): string {
  const count = formatItalianInteger(total);
  if (lowerBound) return fillMessage(catalogueMessages.searchManyResults, { count, q });
  return total === 1 ? fillMessage(catalogueMessages.searchOneResult, { q }) : fillMessage(catalogueMessages.searchResults, { count, q });
}

/** Spec §2 Search: text search with infinite scroll, plus the level-1 category buttons. */
export function SearchScreen() {
  const { q = '', scan } = routeApi.useSearch();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const search = useProductSearch(text);
  const categories = useQuery(categoryQueryOptions(useShopKey(), []));
  useScreenTitle(search.searchable ? `${catalogueMessages.searchTitle}: ${search.term}` : catalogueMessages.searchTitle);

  // The searched text lives in the URL (?q=), so back from a product page shows the same results
  // and a slide or link can open a search ('/app/search?q=solare').
  useEffect(() => {
    if (search.term === q.trim()) return;
    void navigate({ to: '/app/search', search: search.term ? { q: search.term } : {}, replace: true });
  }, [search.term, q, navigate]);

  const typed = text.trim();
  const showResults = search.searchable && !search.isPending && !search.isError;
  return (
    <div className="page catalogue">
      <h1>{catalogueMessages.searchTitle}</h1>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            search.searchNow();
          }}
        >
        <TextField
          label={catalogueMessages.searchLabel}
          type="search"
          name="q"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={catalogueMessages.searchPlaceholder}
          hint={typed.length > 0 && !isSearchable(typed) ? catalogueMessages.searchHint : undefined}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
        </form>
      </search>
      <ScanPack autoOpen={scan === '1'} />

      {categories.data ? <CategoryButtons categories={categories.data.categories} label={catalogueMessages.categoriesTitle} row /> : null}

      <div role="status" aria-live="polite" className="catalogue__status">
        {showResults && search.products.length > 0 ? (
          <p>
            {search.correctedQuery
              ? `${fillMessage(catalogueMessages.searchCorrected, { q: search.correctedQuery })} · `
              : null}
            {resultsText(search.total, search.term, search.totalIsLowerBound)}
          </p>
        ) : null}
        {showResults && search.products.length === 0 ? (
          <EmptyState title={fillMessage(catalogueMessages.noResults, { q: search.term })} hint={catalogueMessages.noResultsHint} />
        ) : null}
      </div>

      {search.isPending ? <Loader /> : null}
      {search.isError ? (
        <div className="notice">
          <p>{appMessages.loadFailed}</p>
          <Button variant="secondary" onClick={() => void search.refetch()}>
            {catalogueMessages.retry}
          </Button>
        </div>
      ) : null}

      {search.searchable && search.products.length > 0 ? (
        <>
          <ProductList products={search.products} label={catalogueMessages.products} />
          <LoadMore
            hasNextPage={search.hasNextPage}
            isFetchingNextPage={search.isFetchingNextPage}
            fetchNextPage={search.fetchNextPage}
          />
        </>
      ) : null}
    </div>
  );
}
