import { formatItalianInteger, appMessages, catalogueMessages } from '@farmacia/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Loader } from '../../components/ui/loader';
import { type CategoryPath, categoryHref, categoryProductsInfiniteQueryOptions, categoryQueryOptions, productsOfPages } from './catalogue-api';
import { useShopKey } from '../../lib/current-shop';
import { CategoryButtons, categoryPathOf } from './category-buttons';
import { LoadMore } from './load-more';
import { ProductList } from './product-list';
import { CatalogueQueryState, isMissing } from './page-states';
import { useScreenTitle } from './use-screen-title';
import './catalogue.css';

/** The slugs of the current category route (/app/category/$c1/$c2/$c3/$c4), level 1 first. */
function useCategoryPath(): CategoryPath {
  const params = useParams({ strict: false }) as Partial<Record<'c1' | 'c2' | 'c3' | 'c4', string>>;
  const { c1, c2, c3, c4 } = params;
  return useMemo(() => [c1, c2, c3, c4].filter((slug): slug is string => typeof slug === 'string' && slug !== ''), [c1, c2, c3, c4]);
}

/** The products of a category, 12 a page with infinite scroll (spec §9). */
function CategoryProducts({ path }: { path: CategoryPath }) {
  const query = useInfiniteQuery(categoryProductsInfiniteQueryOptions(useShopKey(), path));
  const products = useMemo(() => productsOfPages(query.data?.pages), [query.data]);
  if (query.isPending) return <Loader />;
  if (query.isError) return <p className="notice">{appMessages.loadFailed}</p>;
  const total = query.data.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="category-products-title">
      <h2 id="category-products-title">
        {catalogueMessages.products}{' '}
        <span className="catalogue__count">({formatItalianInteger(total)})</span>
      </h2>
      {products.length === 0 ? (
        <p className="empty-state">{catalogueMessages.noProducts}</p>
      ) : (
        <>
          <ProductList products={products} label={catalogueMessages.products} />
          <LoadMore
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            fetchNextPage={query.fetchNextPage}
            endText={query.data.pages.length > 1 ? catalogueMessages.endOfList : undefined}
          />
        </>
      )}
    </section>
  );
}

/** Spec §2 Category browse: up to four nested levels, sub-category buttons and the level's products. */
export function CategoryScreen() {
  const path = useCategoryPath();
  const query = useQuery(categoryQueryOptions(useShopKey(), path));
  const notFound = isMissing(query.error);
  useScreenTitle(
    query.data ? (query.data.category?.name ?? catalogueMessages.categoriesTitle) : notFound ? catalogueMessages.categoryNotFoundTitle : undefined,
  );

  if (!query.isSuccess) {
    const missing = { title: catalogueMessages.categoryNotFoundTitle, text: catalogueMessages.categoryNotFoundText, to: '/app/category', action: catalogueMessages.allCategories } as const;
    return <CatalogueQueryState query={query} missing={missing} />;
  }

  const { category, categories } = query.data;
  const crumbs = query.data.path;
  return (
    <div className="page catalogue">
      {path.length > 0 ? (
        <nav aria-label={catalogueMessages.breadcrumb}>
          <ol className="breadcrumb">
            <li>
              <Link to="/app/category">{catalogueMessages.categoriesTitle}</Link>
            </li>
            {crumbs.map((crumb, index) => (
              <li key={crumb.id}>
                {index === crumbs.length - 1 ? (
                  <span aria-current="page">{crumb.name}</span>
                ) : (
                  <Link to={categoryHref(categoryPathOf(crumb)) as '/'}>{crumb.name}</Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <h1>{category ? category.hero_title || category.name : catalogueMessages.categoriesTitle}</h1>
      {category?.description ? <p className="catalogue__lead">{category.description}</p> : null}
      <CategoryButtons
        categories={categories}
        label={category ? catalogueMessages.subcategories : catalogueMessages.categoriesTitle}
      />
      {path.length > 0 ? <CategoryProducts key={path.join('/')} path={path} /> : null}
    </div>
  );
}
