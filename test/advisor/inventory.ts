import type { BodyType, CarInput, CarStatus, Fuel, Transmission } from '../../src/contract/cars';

/**
 * The advisor tests' showroom: 56 cars written out by hand so every expectation can be checked by eye.
 * Sold and pending cars are included: the advisor must never offer them.
 */
type Row = [
  carName: string,
  brand: string,
  model: string,
  year: number,
  priceMillions: number,
  odo: number,
  body: BodyType,
  seats: number,
  fuel: Fuel,
  gearbox: Transmission,
  colour: string,
  status?: CarStatus,
];

const ROWS: Row[] = [
  ['Toyota Vios 1.5G CVT', 'Toyota', 'Vios', 2021, 468, 38_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Toyota Vios 1.5E MT', 'Toyota', 'Vios', 2019, 355, 72_000, 'SEDAN', 5, 'PETROL', 'MANUAL', 'Bạc'],
  ['Toyota Vios 1.5G CVT', 'Toyota', 'Vios', 2022, 505, 21_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đen'],
  ['Toyota Vios 1.5E MT', 'Toyota', 'Vios', 2020, 389, 64_000, 'SEDAN', 5, 'PETROL', 'MANUAL', 'Đỏ', 'sold'],
  ['Toyota Camry 2.5Q', 'Toyota', 'Camry', 2021, 1_095, 33_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đen'],
  ['Toyota Camry 2.0G', 'Toyota', 'Camry', 2019, 835, 61_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Trắng ngọc trai'],
  ['Toyota Fortuner 2.4 4x2 AT', 'Toyota', 'Fortuner', 2020, 905, 58_000, 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'Bạc'],
  ['Toyota Fortuner 2.4 4x2 MT', 'Toyota', 'Fortuner', 2018, 745, 96_000, 'SUV', 7, 'DIESEL', 'MANUAL', 'Đen'],
  ['Toyota Innova 2.0E', 'Toyota', 'Innova', 2019, 545, 88_000, 'MPV', 8, 'PETROL', 'MANUAL', 'Bạc'],
  ['Toyota Innova 2.0G', 'Toyota', 'Innova', 2020, 615, 67_000, 'MPV', 8, 'PETROL', 'AUTOMATIC', 'Xám'],
  ['Toyota Corolla Cross 1.8HV', 'Toyota', 'Corolla Cross', 2022, 835, 27_000, 'CROSSOVER', 5, 'HYBRID', 'AUTOMATIC', 'Trắng'],
  ['Toyota Corolla Cross 1.8V', 'Toyota', 'Corolla Cross', 2021, 735, 41_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Đỏ'],
  ['Honda City RS', 'Honda', 'City', 2022, 519, 24_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đỏ'],
  ['Honda City G', 'Honda', 'City', 2020, 435, 55_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Honda CR-V L', 'Honda', 'CR-V', 2021, 935, 39_000, 'SUV', 7, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Honda CR-V G', 'Honda', 'CR-V', 2019, 785, 71_000, 'SUV', 7, 'PETROL', 'AUTOMATIC', 'Xám', 'pending'],
  ['Honda Civic RS', 'Honda', 'Civic', 2022, 789, 19_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đỏ'],
  ['Hyundai Accent 1.4 AT Đặc biệt', 'Hyundai', 'Accent', 2021, 455, 45_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Hyundai Accent 1.4 MT', 'Hyundai', 'Accent', 2019, 345, 82_000, 'SEDAN', 5, 'PETROL', 'MANUAL', 'Bạc'],
  ['Hyundai Grand i10 1.2 AT', 'Hyundai', 'Grand i10', 2021, 365, 36_000, 'HATCHBACK', 5, 'PETROL', 'AUTOMATIC', 'Đỏ'],
  ['Hyundai Tucson 2.0 Đặc biệt', 'Hyundai', 'Tucson', 2021, 815, 42_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Đen'],
  ['Hyundai Santa Fe 2.2 Dầu Cao cấp', 'Hyundai', 'Santa Fe', 2021, 1_085, 46_000, 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'Trắng'],
  ['Hyundai Santa Fe 2.5 Xăng', 'Hyundai', 'Santa Fe', 2020, 915, 58_000, 'SUV', 7, 'PETROL', 'AUTOMATIC', 'Xám'],
  ['Hyundai Creta 1.5 Đặc biệt', 'Hyundai', 'Creta', 2023, 615, 14_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Xanh dương'],
  ['Kia Morning 1.25 AT Premium', 'Kia', 'Morning', 2020, 305, 48_000, 'HATCHBACK', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Kia K3 1.6 Premium', 'Kia', 'K3', 2022, 579, 26_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Xanh dương'],
  ['Kia Seltos 1.4 Turbo Premium', 'Kia', 'Seltos', 2022, 655, 31_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Cam'],
  ['Kia Sorento 2.2D Signature', 'Kia', 'Sorento', 2022, 1_055, 35_000, 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'Đen'],
  ['Kia Carnival 2.2D Signature', 'Kia', 'Carnival', 2022, 1_295, 29_000, 'MPV', 7, 'DIESEL', 'AUTOMATIC', 'Trắng'],
  ['Mazda 2 1.5 Luxury', 'Mazda', 'Mazda2', 2021, 455, 34_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đỏ pha lê'],
  ['Mazda 3 1.5 Luxury', 'Mazda', 'Mazda3', 2021, 589, 37_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Xám'],
  ['Mazda 3 1.5 Premium', 'Mazda', 'Mazda3', 2020, 545, 52_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đỏ pha lê'],
  ['Mazda CX-5 2.0 Premium', 'Mazda', 'CX-5', 2022, 815, 25_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Đỏ pha lê'],
  ['Mazda CX-5 2.0 Luxury', 'Mazda', 'CX-5', 2020, 695, 49_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Mazda CX-5 2.5 Signature', 'Mazda', 'CX-5', 2019, 645, 68_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Xanh dương'],
  ['Mazda CX-8 2.5 Premium', 'Mazda', 'CX-8', 2021, 945, 40_000, 'SUV', 7, 'PETROL', 'AUTOMATIC', 'Đen'],
  ['Ford Ranger Wildtrak 2.0 Bi-Turbo', 'Ford', 'Ranger', 2021, 785, 52_000, 'PICKUP', 5, 'DIESEL', 'AUTOMATIC', 'Cam'],
  ['Ford Ranger XLS 2.2 MT', 'Ford', 'Ranger', 2019, 515, 89_000, 'PICKUP', 5, 'DIESEL', 'MANUAL', 'Trắng'],
  ['Ford Everest Titanium 2.0 4x2', 'Ford', 'Everest', 2021, 1_045, 47_000, 'SUV', 7, 'DIESEL', 'AUTOMATIC', 'Đen'],
  ['Ford Transit 16 chỗ', 'Ford', 'Transit', 2020, 615, 120_000, 'VAN', 16, 'DIESEL', 'MANUAL', 'Bạc'],
  ['Mitsubishi Xpander 1.5 AT', 'Mitsubishi', 'Xpander', 2022, 555, 33_000, 'MPV', 7, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Mitsubishi Xpander 1.5 MT', 'Mitsubishi', 'Xpander', 2020, 455, 76_000, 'MPV', 7, 'PETROL', 'MANUAL', 'Bạc'],
  ['Mitsubishi Triton 4x2 AT', 'Mitsubishi', 'Triton', 2021, 585, 44_000, 'PICKUP', 5, 'DIESEL', 'AUTOMATIC', 'Xám'],
  ['Mitsubishi Attrage CVT', 'Mitsubishi', 'Attrage', 2021, 355, 41_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['VinFast Fadil 1.4 Plus', 'VinFast', 'Fadil', 2021, 335, 29_000, 'HATCHBACK', 5, 'PETROL', 'AUTOMATIC', 'Đỏ'],
  ['VinFast Lux A2.0 Premium', 'VinFast', 'Lux A2.0', 2020, 625, 45_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đen'],
  ['VinFast Lux SA2.0 Premium', 'VinFast', 'Lux SA2.0', 2021, 835, 38_000, 'SUV', 7, 'PETROL', 'AUTOMATIC', 'Xám'],
  ['VinFast VF e34', 'VinFast', 'VF e34', 2022, 475, 23_000, 'CROSSOVER', 5, 'ELECTRIC', 'AUTOMATIC', 'Xanh dương'],
  ['VinFast VF 8 Plus', 'VinFast', 'VF 8', 2023, 965, 12_000, 'SUV', 5, 'ELECTRIC', 'AUTOMATIC', 'Trắng'],
  ['Mercedes-Benz C200 Avantgarde', 'Mercedes-Benz', 'C-Class', 2020, 1_175, 39_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Mercedes-Benz E300 AMG', 'Mercedes-Benz', 'E-Class', 2020, 1_895, 36_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Đen'],
  ['Mercedes-Benz GLC 300 4MATIC', 'Mercedes-Benz', 'GLC', 2021, 1_795, 31_000, 'SUV', 5, 'PETROL', 'AUTOMATIC', 'Xám titan'],
  ['BMW 320i Sport Line', 'BMW', '3 Series', 2021, 1_285, 28_000, 'SEDAN', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
  ['Suzuki XL7 1.5 AT', 'Suzuki', 'XL7', 2022, 525, 27_000, 'MPV', 7, 'PETROL', 'AUTOMATIC', 'Cam'],
  ['Suzuki Ertiga 1.5 Hybrid AT', 'Suzuki', 'Ertiga', 2023, 535, 15_000, 'MPV', 7, 'HYBRID', 'AUTOMATIC', 'Bạc'],
  ['Peugeot 3008 AL', 'Peugeot', '3008', 2021, 795, 36_000, 'CROSSOVER', 5, 'PETROL', 'AUTOMATIC', 'Trắng'],
];

export interface FixtureCar extends CarInput {
  status: CarStatus;
}

export const FIXTURE_CARS: FixtureCar[] = ROWS.map(
  ([carName, brand, model, year, price, odo, bodyType, size, fuel, transmission, exteriorColor, status]) => ({
    carName,
    brand,
    model,
    year,
    sellPrice: price * 1_000_000,
    odo,
    bodyType,
    size,
    fuel,
    transmission,
    exteriorColor,
    interiorColor: 'Đen',
    origin: 'DOMESTIC',
    previousOwners: year >= 2022 ? 1 : 2,
    features: ['Camera lùi', 'Cảm biến lùi'],
    status: status ?? 'available',
  }),
);

/** The showroom's settings in the tests (every number an answer may quote from the configuration). */
export const FIXTURE_SHOWROOM = {
  showroomName: 'AutoViet',
  showroomAddress: '123 Nguyễn Văn Linh, Quận 7, TP. Hồ Chí Minh',
  showroomPhone: '0909 123 456',
  showroomEmail: 'lienhe@autoviet.vn',
  openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật',
};
