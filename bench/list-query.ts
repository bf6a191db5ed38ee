/** Three filters: a brand, a body type and a price range (a common visitor search). */
export const LIST_QUERY = 'brand=Toyota&bodyType=SUV&minPrice=500000000&maxPrice=1500000000';
