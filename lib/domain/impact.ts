// Impact figures shown beside the totals: the meal equivalent and where its factor comes from.

/**
 * Pounds of food per meal. Feeding America's "Map the Meal Gap" conversion (1.2 lb of food = 1 meal), the
 * figure North American food banks most often cite; stated with its source wherever a meal count is shown.
 */
export const LBS_PER_MEAL = 1.2;
export const MEALS_SOURCE_URL = 'https://www.feedingamerica.org/research/map-the-meal-gap/how-we-got-the-map-data';

/** Categories that are not food: they count in the pounds but make no meals (ids of the reference data). */
export const NON_FOOD_CATEGORY_IDS: readonly number[] = [7, 8, 9];

/** Meals from the pounds of food (non-food, waste and "No Donation" pounds excluded by the caller). */
export function mealsFromPounds(foodPounds: number): number {
  return Math.floor(foodPounds / LBS_PER_MEAL);
}

/** Pounds of food among a period's pounds by category (the non-food categories left out). */
export function foodPoundsOf(categories: readonly { categoryId: number; pounds: number }[]): number {
  return categories.filter((c) => !NON_FOOD_CATEGORY_IDS.includes(c.categoryId)).reduce((sum, c) => sum + c.pounds, 0);
}

/**
 * Meals of a period from its pounds by category: the one definition of the branch screens, the month's PDF and the
 * program's totals, so a program's figure is the same as its branches' added up before rounding down.
 */
export function mealsOf(categories: readonly { categoryId: number; pounds: number }[]): number {
  return mealsFromPounds(foodPoundsOf(categories));
}
