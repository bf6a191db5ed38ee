import type { BlogCategory } from '../../../contract/blogs';

export interface DemoPost {
  title: string;
  category: BlogCategory;
  summary: string;
  content: string;
  /** Days before today it was published. */
  daysAgo: number;
  views: number;
}

/** The demo news: written as a showroom's editor would, in TipTap's HTML. */
export const DEMO_POSTS: DemoPost[] = [
  {
    title: '10 bước kiểm tra xe ô tô cũ trước khi xuống tiền',
    category: 'BUYING_TIPS',
    summary:
      'Từ giấy tờ, số khung số máy đến khung gầm và lịch sử bảo dưỡng: danh sách kiểm tra giúp bạn tránh mua phải xe tai nạn, ngập nước.',
    daysAgo: 2,
    views: 1843,
    content: `<p>Mua xe đã qua sử dụng giúp tiết kiệm hàng trăm triệu đồng, nhưng chỉ khi bạn chọn đúng xe. Dưới đây là 10 bước mà kỹ thuật viên của showroom luôn làm với mọi chiếc xe trước khi nhập kho.</p>
<h2>1. Đối chiếu giấy tờ</h2>
<p>Kiểm tra <strong>giấy đăng ký, đăng kiểm và sổ bảo hiểm</strong>: tên chủ xe, số khung, số máy phải trùng khớp với thực tế. Xe đang thế chấp ngân hàng cần có giấy giải chấp.</p>
<h2>2. Soi số khung, số máy</h2>
<p>Số đóng phải sắc nét, đều nhau, không có dấu hiệu mài hoặc đóng lại. Tem nhãn ở cột B và khoang máy nên còn nguyên.</p>
<h2>3. Kiểm tra khung gầm và các điểm hàn</h2>
<p>Các mối hàn chấm của nhà máy đều và thẳng hàng. Mối hàn tay, keo chỉ không đều ở hốc bánh, cột A, cột B là dấu hiệu xe từng va chạm mạnh.</p>
<h2>4. Dấu hiệu xe ngập nước</h2>
<ul>
<li>Mùi ẩm mốc trong khoang cabin, nhất là khi bật điều hòa.</li>
<li>Bùn đất khô dưới thảm sàn, ray ghế có vết gỉ sét.</li>
<li>Đèn pha, đèn hậu có hơi nước đọng bên trong.</li>
</ul>
<h2>5. Đo độ dày sơn</h2>
<p>Máy đo độ dày sơn cho biết chính xác chi tiết nào đã sơn lại. Sơn lại cản trước, cản sau là bình thường; sơn lại nóc xe hoặc trụ A thì cần hỏi kỹ.</p>
<h2>6. Khởi động nguội</h2>
<p>Yêu cầu nổ máy khi động cơ còn nguội: tiếng máy phải êm, không khói xanh hay khói trắng kéo dài.</p>
<h2>7. Lịch sử bảo dưỡng</h2>
<p>Xe bảo dưỡng định kỳ tại hãng có thể tra cứu lịch sử bằng số khung. Số km trên đồng hồ phải khớp với các mốc bảo dưỡng.</p>
<h2>8. Lái thử ít nhất 15 phút</h2>
<p>Thử ở nhiều tốc độ, phanh gấp an toàn, đánh lái hết cỡ để nghe tiếng kêu ở rotuyn, thước lái.</p>
<h2>9. Kiểm tra hệ thống điện</h2>
<p>Bật tất cả đèn, kính, gương, điều hòa, màn hình, camera lùi. Sửa hệ thống điện thường tốn kém hơn bạn nghĩ.</p>
<h2>10. Hợp đồng rõ ràng</h2>
<blockquote>Tại showroom, mọi xe đều có biên bản kiểm định 176 hạng mục và cam kết không đâm đụng, không ngập nước bằng văn bản.</blockquote>
<p>Bạn muốn được kỹ thuật viên kiểm tra cùng? <a href="/testdrive">Đăng ký lái thử</a> để được hỗ trợ miễn phí.</p>`,
  },
  {
    title: 'Thị trường xe cũ cuối năm: giá nhiều mẫu sedan hạng B giảm 5-8%',
    category: 'MARKET_NEWS',
    summary:
      'Nguồn cung dồi dào và các chương trình giảm lệ phí trước bạ cho xe mới khiến giá xe cũ hạng B đi xuống, cơ hội tốt cho người mua lần đầu.',
    daysAgo: 5,
    views: 962,
    content: `<p>Theo ghi nhận tại các showroom xe đã qua sử dụng ở TP. Hồ Chí Minh và Hà Nội, giá giao dịch của nhóm sedan hạng B đời 2019-2022 đã giảm trung bình <strong>5-8%</strong> so với quý trước.</p>
<h2>Nguyên nhân</h2>
<ul>
<li>Nhiều hãng tung ưu đãi cho xe mới, kéo giá xe cũ đời sâu xuống theo.</li>
<li>Lượng xe đổi cũ lấy mới tăng mạnh dịp cuối năm, nguồn cung dồi dào.</li>
<li>Lãi suất vay mua xe ổn định, người mua có thêm thời gian cân nhắc.</li>
</ul>
<h2>Mức giá tham khảo</h2>
<table><thead><tr><th>Mẫu xe</th><th>Đời</th><th>Giá tham khảo</th></tr></thead><tbody>
<tr><td>Toyota Vios 1.5G</td><td>2021</td><td>440 - 470 triệu</td></tr>
<tr><td>Hyundai Accent 1.4AT</td><td>2021</td><td>400 - 430 triệu</td></tr>
<tr><td>Honda City RS</td><td>2022</td><td>500 - 540 triệu</td></tr>
<tr><td>Mazda2 Luxury</td><td>2020</td><td>400 - 425 triệu</td></tr>
</tbody></table>
<p>Giá thực tế phụ thuộc số km, tình trạng và lịch sử bảo dưỡng của từng xe.</p>
<h2>Có nên mua lúc này?</h2>
<p>Với người mua xe lần đầu, đây là thời điểm thuận lợi: nhiều lựa chọn, giá mềm và showroom sẵn sàng hỗ trợ thủ tục trả góp. Xem <a href="/cars">danh sách xe đang bán</a> để so sánh.</p>`,
  },
  {
    title: 'Đánh giá Mazda CX-5 2020 sau 45.000 km: còn đáng mua?',
    category: 'CAR_REVIEW',
    summary:
      'Thiết kế chưa lỗi thời, vận hành chắc chắn, chi phí bảo dưỡng hợp lý: CX-5 đời 2020 vẫn là lựa chọn crossover đáng cân nhắc trong tầm giá 700 triệu.',
    daysAgo: 8,
    views: 2410,
    content: `<p>Mazda CX-5 là một trong những crossover bán chạy nhất Việt Nam nhiều năm liền. Chúng tôi dành một tuần với chiếc CX-5 2.0 Premium đời 2020 đã chạy 45.000 km để trả lời câu hỏi: mua lại có đáng không?</p>
<h2>Ngoại thất và nội thất</h2>
<p>Ngôn ngữ thiết kế KODO vẫn rất hợp thời. Ghế da, vô lăng bọc da và bảng táp-lô ốp mềm giữ được độ mới nếu chủ xe trước sử dụng cẩn thận.</p>
<h2>Vận hành</h2>
<p>Động cơ 2.0L cho 154 mã lực, hộp số tự động 6 cấp chuyển số mượt. Công nghệ G-Vectoring Control giúp xe ổn định khi vào cua.</p>
<h2>Những điểm cần kiểm tra</h2>
<ul>
<li>Màn hình giải trí đôi khi bị treo: cập nhật phần mềm tại hãng là khắc phục được.</li>
<li>Gioăng cửa và cao su giảm chấn nên kiểm tra với xe chạy nhiều đường xấu.</li>
<li>Lốp nguyên bản sau 45.000 km thường cần thay.</li>
</ul>
<h2>Chi phí sử dụng</h2>
<p>Mức tiêu hao nhiên liệu thực tế khoảng <strong>7,5-8 lít/100 km</strong> đường hỗn hợp. Bảo dưỡng định kỳ 10.000 km dao động 1,5-3 triệu đồng.</p>
<blockquote>Kết luận: với giá khoảng 700-740 triệu, một chiếc CX-5 2020 giữ gìn tốt là lựa chọn hợp lý cho gia đình 4-5 người.</blockquote>`,
  },
  {
    title: 'Ưu đãi tháng này: tặng gói bảo dưỡng 1 năm khi mua xe tại showroom',
    category: 'PROMOTION',
    summary:
      'Khách hàng ký hợp đồng trong tháng được tặng gói bảo dưỡng định kỳ 1 năm, hỗ trợ 50% phí trước bạ với một số mẫu xe và lãi suất trả góp ưu đãi.',
    daysAgo: 1,
    views: 745,
    content: `<p>Nhằm tri ân khách hàng dịp cuối năm, showroom triển khai chương trình ưu đãi lớn nhất trong năm áp dụng cho toàn bộ xe đang bán.</p>
<h2>Nội dung ưu đãi</h2>
<ol>
<li><strong>Tặng gói bảo dưỡng định kỳ 1 năm</strong> (tối đa 2 lần bảo dưỡng) tại xưởng dịch vụ của showroom.</li>
<li>Hỗ trợ 50% lệ phí trước bạ cho các xe có giá từ 600 triệu đồng.</li>
<li>Trả góp đến 70% giá trị xe, lãi suất cố định 12 tháng đầu.</li>
<li>Tặng phim cách nhiệt và thảm sàn cho mọi hợp đồng.</li>
</ol>
<h2>Điều kiện áp dụng</h2>
<p>Áp dụng cho hợp đồng ký và đặt cọc trong tháng, không cộng dồn với chương trình khác. Số lượng quà tặng có hạn.</p>
<p>Liên hệ <a href="/consulting">tư vấn viên</a> hoặc hỏi <a href="/chatbot">trợ lý AI</a> để chọn xe phù hợp.</p>`,
  },
  {
    title: 'Showroom khai trương khu trưng bày mới 2.000 m² tại Quận 7',
    category: 'SHOWROOM_NEWS',
    summary:
      'Khu trưng bày mới có sức chứa hơn 120 xe, xưởng kiểm định 6 khoang nâng và khu chờ dành cho gia đình, mở cửa từ 8:00 đến 18:00 mỗi ngày.',
    daysAgo: 12,
    views: 530,
    content: `<p>Sau 6 tháng xây dựng, khu trưng bày mới của showroom tại đường Nguyễn Văn Linh chính thức đón khách từ đầu tháng này.</p>
<h2>Có gì mới?</h2>
<ul>
<li>Sức chứa hơn <strong>120 xe</strong> trong nhà, không lo nắng mưa khi xem xe.</li>
<li>Xưởng kiểm định với 6 khoang nâng, khách có thể quan sát quá trình kiểm tra xe.</li>
<li>Khu chờ có góc chơi cho trẻ em, wifi và cà phê miễn phí.</li>
<li>Bãi đỗ xe rộng, thuận tiện lái thử trên tuyến đường vắng gần showroom.</li>
</ul>
<p>Trong tuần lễ khai trương, 50 khách hàng đầu tiên lái thử được tặng bộ chăm sóc xe cao cấp.</p>
<p>Xem đường đi và giờ mở cửa tại trang <a href="/about">Giới thiệu</a>.</p>`,
  },
  {
    title: 'Vay mua xe cũ trả góp: hồ sơ cần gì và tính lãi thế nào?',
    category: 'BUYING_TIPS',
    summary:
      'Hướng dẫn chuẩn bị hồ sơ vay, cách tính số tiền trả hằng tháng và những khoản phí thường bị bỏ qua khi mua xe cũ trả góp.',
    daysAgo: 16,
    views: 1520,
    content: `<p>Phần lớn khách hàng mua xe đã qua sử dụng chọn hình thức trả góp. Hiểu rõ cách tính giúp bạn chủ động tài chính và tránh bất ngờ.</p>
<h2>Hồ sơ cơ bản</h2>
<ul>
<li>Căn cước công dân, giấy xác nhận tình trạng hôn nhân.</li>
<li>Chứng minh thu nhập: hợp đồng lao động và sao kê lương 3-6 tháng, hoặc giấy phép kinh doanh.</li>
<li>Giấy tờ nơi cư trú.</li>
</ul>
<h2>Cách tính khoản trả hằng tháng</h2>
<p>Ví dụ: xe giá 500 triệu, vay 70% (350 triệu) trong 60 tháng, lãi suất 9%/năm tính trên dư nợ giảm dần. Tháng đầu bạn trả khoảng <strong>8,46 triệu</strong> (5,83 triệu gốc và 2,63 triệu lãi), các tháng sau giảm dần.</p>
<h2>Các khoản phí cần tính thêm</h2>
<ol>
<li>Lệ phí trước bạ sang tên (2% với xe cũ).</li>
<li>Bảo hiểm vật chất bắt buộc khi vay ngân hàng.</li>
<li>Phí công chứng, đăng kiểm, phí đường bộ.</li>
</ol>
<p>Trang chi tiết mỗi xe có công cụ ước tính chi phí lăn bánh và khoản trả góp theo cấu hình của showroom.</p>`,
  },
  {
    title: 'Toyota Vios 2021 cũ: chiếc sedan "giữ giá" cho người mua lần đầu',
    category: 'CAR_REVIEW',
    summary:
      'Bền bỉ, tiết kiệm, phụ tùng rẻ và dễ bán lại: lý do Vios đời 2021 vẫn là lựa chọn an toàn nhất phân khúc sedan hạng B đã qua sử dụng.',
    daysAgo: 20,
    views: 3105,
    content: `<p>Không quá nổi bật về thiết kế hay công nghệ, Toyota Vios vẫn luôn dẫn đầu doanh số nhờ sự bền bỉ và khả năng giữ giá.</p>
<h2>Ưu điểm</h2>
<ul>
<li>Động cơ 1.5L Dual VVT-i tiết kiệm: khoảng <strong>5,8 lít/100 km</strong> đường hỗn hợp.</li>
<li>Phụ tùng phổ biến, chi phí sửa chữa thấp, gara nào cũng làm được.</li>
<li>7 túi khí trên bản G, cân bằng điện tử và hỗ trợ khởi hành ngang dốc.</li>
</ul>
<h2>Nhược điểm</h2>
<ul>
<li>Cách âm ở tốc độ cao chưa tốt.</li>
<li>Màn hình giải trí đơn giản, chưa có Apple CarPlay trên một số phiên bản.</li>
</ul>
<h2>Giá và lựa chọn</h2>
<p>Vios 1.5G CVT đời 2021 chạy khoảng 30.000 km hiện có giá từ 440 đến 470 triệu đồng. Nên chọn xe một chủ, bảo dưỡng tại hãng.</p>`,
  },
  {
    title: 'Giá xe điện cũ: VinFast VF e34 mất giá bao nhiêu sau 2 năm?',
    category: 'MARKET_NEWS',
    summary:
      'Xe điện đã qua sử dụng bắt đầu xuất hiện nhiều trên thị trường. Mức mất giá, chính sách pin và những điều người mua cần biết.',
    daysAgo: 26,
    views: 1288,
    content: `<p>Sau hơn hai năm có mặt, những chiếc VinFast VF e34 đầu tiên đã quay lại thị trường xe cũ. Mức mất giá là điều nhiều người quan tâm.</p>
<h2>Mức giá hiện tại</h2>
<p>VF e34 đời 2022 chạy 20.000-30.000 km đang được giao dịch quanh mức <strong>450-500 triệu đồng</strong>, tùy hình thức pin (thuê hay mua).</p>
<h2>Pin: thuê hay mua?</h2>
<p>Xe mua kèm pin có giá cao hơn nhưng không phải trả phí thuê hằng tháng. Với xe thuê pin, cần làm thủ tục chuyển nhượng hợp đồng thuê pin với hãng.</p>
<h2>Lưu ý khi mua</h2>
<ul>
<li>Kiểm tra tình trạng pin (SoH) tại xưởng dịch vụ của hãng.</li>
<li>Xác nhận thời hạn bảo hành pin và xe còn lại.</li>
<li>Chi phí sạc tại nhà thấp hơn nhiều so với xăng: khoảng 300-400 đồng/km.</li>
</ul>`,
  },
  {
    title: 'Đổi xe cũ lấy xe khác tại showroom: định giá trong 30 phút',
    category: 'SHOWROOM_NEWS',
    summary:
      'Dịch vụ thu cũ đổi mới: kỹ thuật viên định giá minh bạch theo biên bản kiểm định, bù trừ ngay vào hợp đồng mua xe mới.',
    daysAgo: 33,
    views: 610,
    content: `<p>Bạn muốn lên đời xe nhưng ngại bán xe cũ? Dịch vụ <strong>thu cũ đổi mới</strong> của showroom giúp bạn làm mọi thứ trong một lần ghé.</p>
<h2>Quy trình</h2>
<ol>
<li>Mang xe đến showroom hoặc đặt lịch định giá tận nhà.</li>
<li>Kỹ thuật viên kiểm tra xe theo 176 hạng mục, khoảng 30 phút.</li>
<li>Nhận báo giá bằng văn bản, có giải thích từng hạng mục trừ giá.</li>
<li>Giá thu mua được trừ thẳng vào giá xe bạn chọn.</li>
</ol>
<p>Showroom hỗ trợ toàn bộ thủ tục sang tên, rút hồ sơ gốc và giải chấp ngân hàng nếu xe đang vay.</p>
<p><a href="/consulting">Gửi yêu cầu định giá</a> để được liên hệ trong 2 giờ làm việc.</p>`,
  },
  {
    title: 'Bảo dưỡng xe mùa mưa: 6 hạng mục không được bỏ qua',
    category: 'BUYING_TIPS',
    summary:
      'Gạt mưa, lốp, phanh, hệ thống điện và điều hòa: những hạng mục cần kiểm tra trước mùa mưa để xe an toàn và bền hơn.',
    daysAgo: 40,
    views: 890,
    content: `<p>Mùa mưa ở miền Nam kéo dài từ tháng 5 đến tháng 11. Chuẩn bị tốt giúp bạn lái xe an toàn và tránh hỏng hóc tốn kém.</p>
<h2>Sáu hạng mục cần kiểm tra</h2>
<ol>
<li><strong>Lưỡi gạt mưa</strong>: thay mới nếu gạt để lại vệt nước.</li>
<li><strong>Lốp xe</strong>: rãnh lốp tối thiểu 1,6 mm, áp suất đúng khuyến cáo.</li>
<li><strong>Phanh</strong>: má phanh và dầu phanh, vì quãng đường phanh tăng khi đường ướt.</li>
<li><strong>Đèn</strong>: đèn pha, đèn sương mù, đèn phanh sáng đủ.</li>
<li><strong>Hệ thống điện</strong>: ắc quy và các giắc nối chống ẩm.</li>
<li><strong>Điều hòa</strong>: vệ sinh dàn lạnh để tránh mùi ẩm mốc và mờ kính.</li>
</ol>
<p>Đặt lịch <a href="/maintenance">bảo dưỡng xe</a> tại xưởng của showroom để được kiểm tra miễn phí 20 hạng mục mùa mưa.</p>`,
  },
  {
    title: 'So sánh Honda CR-V và Hyundai Tucson đời 2021: chọn xe nào?',
    category: 'CAR_REVIEW',
    summary:
      'Hai mẫu SUV cỡ C được săn đón trên thị trường xe cũ. So sánh không gian, vận hành, trang bị và chi phí sử dụng để chọn xe phù hợp.',
    daysAgo: 47,
    views: 2077,
    content: `<p>Honda CR-V và Hyundai Tucson là hai cái tên quen thuộc khi khách hàng tìm SUV gia đình tầm giá 750-950 triệu đồng.</p>
<table><thead><tr><th>Tiêu chí</th><th>Honda CR-V L 2021</th><th>Hyundai Tucson 2.0 2021</th></tr></thead><tbody>
<tr><td>Số chỗ</td><td>7</td><td>5</td></tr>
<tr><td>Động cơ</td><td>1.5L tăng áp, 188 mã lực</td><td>2.0L, 156 mã lực</td></tr>
<tr><td>Hộp số</td><td>CVT</td><td>Tự động 6 cấp</td></tr>
<tr><td>Giá xe cũ tham khảo</td><td>900 - 960 triệu</td><td>720 - 780 triệu</td></tr>
</tbody></table>
<h2>Nên chọn CR-V nếu</h2>
<p>Gia đình đông người, cần hàng ghế thứ ba và ưu tiên gói an toàn Honda Sensing.</p>
<h2>Nên chọn Tucson nếu</h2>
<p>Muốn nhiều trang bị tiện nghi trong tầm giá thấp hơn và chi phí bảo dưỡng dễ chịu.</p>
<p>Bạn có thể đặt hai xe cạnh nhau trên trang <a href="/compare">So sánh xe</a>.</p>`,
  },
];
