import type { Category } from '@farmacia/contract';
import { memo } from 'react';
import { PlainLink } from '../../components/ui/plain-link';
import { categoryHref } from './catalogue-api';

/**
 * Buttons to categories (search screen: level 1, in one scrolling row above the results;
 * category screen: the sub-categories). Memoised: the search screen re-renders on every keystroke
 * and the categories do not change with it (issue 22).
 */
export const CategoryButtons = memo(function CategoryButtons({
  categories,
  label,
  row = false,
}: {
  categories: readonly Category[];
  label: string;
  row?: boolean;
}) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className={row ? 'category-buttons category-buttons--row' : 'category-buttons'}>
        {categories.map((category) => (
          <li key={category.id}>
            <PlainLink href={categoryHref(categoryPathOf(category))} className="category-button">
              <span>{category.name}</span>
              <span className="category-button__count" aria-hidden="true">
                {category.tot_prodotti}
              </span>
            </PlainLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/** The slugs of a category's route, level 1 first. */
export function categoryPathOf(category: Category): string[] {
  return [category.categoria1_slug, category.categoria2_slug, category.categoria3_slug, category.categoria4_slug]
    .slice(0, category.level)
    .filter((slug): slug is string => slug !== null);
}
