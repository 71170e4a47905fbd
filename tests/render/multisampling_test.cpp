#include "render/gl_context.h"

#include <gtest/gtest.h>

namespace {
TEST(Multisampling, SoftwareRenderersAreRecognisedByName) {
  for (const char* software : {"llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast",
                               "Apple Software Renderer", "D3D12 (Microsoft Basic Render Driver)",
                               "zink Vulkan 1.3(llvmpipe (LLVM 15.0.6, 256 bits) (MESA_LLVMPIPE))"}) {
    EXPECT_TRUE(is_software_renderer(software)) << software;
  }
  for (const char* hardware : {"NVIDIA GeForce RTX 3060/PCIe/SSE2", "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49)",
                               "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "Apple M1", ""}) {
    EXPECT_FALSE(is_software_renderer(hardware)) << hardware;
  }
}

TEST(Multisampling, AutomaticIsOffOnlyUnderSoftwareGl) {
  EXPECT_EQ(frame_samples(Multisampling::Automatic, "llvmpipe (LLVM 15.0.6, 256 bits)"), 0);
  EXPECT_EQ(frame_samples(Multisampling::Automatic, "NVIDIA GeForce RTX 3060/PCIe/SSE2"), 4);
}

TEST(Multisampling, AnExplicitChoiceOverridesTheRenderer) {
  EXPECT_EQ(frame_samples(Multisampling::On, "llvmpipe (LLVM 15.0.6, 256 bits)"), 4);
  EXPECT_EQ(frame_samples(Multisampling::Off, "NVIDIA GeForce RTX 3060/PCIe/SSE2"), 0);
}
}  // namespace
